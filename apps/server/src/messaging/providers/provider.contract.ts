import { describe, expect, it } from 'vitest';
import type { InboundMessage, ProviderEvent, ProviderSession } from './port';

/**
 * What an adapter's test gives the contract suite: a session for a fresh connection, plus handles on the
 * outside world that adapter talks to (the simulator's network, a scripted fake socket for beta, a fake
 * Graph server for cloud). One harness per test; the suite calls `close()` at the end.
 */
export interface ProviderContractHarness {
  /** The adapter's session, not started. Its hooks must push every emitted event into `events`. */
  session: ProviderSession;
  events: ProviderEvent[];
  /** The provider pairs a device by QR code (beta, simulator); false for cloud. */
  pairs: boolean;
  /** After start: does what the phone does until the session is paired (simulator: scan; cloud: nothing). */
  pair(): Promise<void>;
  /** A customer sends us a message through the outside world; answers the wid the session will report. */
  customerSends(message: {
    from: string;
    text?: string;
    media?: { data: Buffer; mimetype: string; fileName: string };
  }): Promise<{ wid: string }>;
  /** What the outside world delivered to a number, oldest first. */
  receivedBy(number: string): Promise<Array<{ wid: string; text?: string }>>;
  /** Drives the outside world until the peer has read the message (cloud: status webhooks, in any order). */
  settleAcks(wid: string): Promise<void>;
  /** A number the network knows (as typed and as normalised) and one it does not. */
  numbers: { known: string; knownNormalized: string; unknown: string };
  /**
   * false when the provider cannot look numbers up (cloud: the Cloud API has none, so every number with digits
   * answers exists); the suite then only checks the normalised answer for the known number.
   */
  checksNumbers?: boolean;
  /**
   * Customers with and without a profile picture (the latter hides it or has none). Absent when the provider
   * offers no pictures (cloud), which must then leave `profilePictureUrl` out.
   */
  pictures?: { withPicture: string; without: string };
  /** A new session for the same connection and stored state, as after a restart (same `events`). */
  reopen(): Promise<ProviderSession>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first event from `from` on matching `match`, waiting up to `timeoutMs`. */
export async function waitForEvent<E extends ProviderEvent>(
  events: ProviderEvent[],
  match: (event: ProviderEvent) => event is E,
  options: { from?: number; timeoutMs?: number } = {},
): Promise<E> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const found = events.slice(options.from ?? 0).find(match);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no matching event; saw ${events.map((e) => e.type).join(', ')}`);
    await pause(10);
  }
}

type StateEvent = Extract<ProviderEvent, { type: 'connection.state' }>;
const state =
  (status: StateEvent['status']) =>
  (event: ProviderEvent): event is StateEvent =>
    event.type === 'connection.state' && event.status === status;
const received =
  (wid: string) =>
  (event: ProviderEvent): event is Extract<ProviderEvent, { type: 'message.received' }> =>
    event.type === 'message.received' && event.message.wid === wid;

/** Starts the harness's session and pairs it: the point where most tests begin. */
async function connected(harness: ProviderContractHarness): Promise<void> {
  await harness.session.start();
  if (harness.pairs) await waitForEvent(harness.events, state('qrcode'));
  await harness.pair();
  await waitForEvent(harness.events, state('CONNECTED'));
}

/**
 * The behaviour every provider adapter must show (architecture 5). Use it from
 * `<adapter>.contract.test.ts`: `describeProviderContract('beta', () => makeBetaHarness())`.
 */
export function describeProviderContract(
  name: string,
  makeHarness: () => Promise<ProviderContractHarness>,
): void {
  const withHarness = (title: string, test: (harness: ProviderContractHarness) => Promise<void>) =>
    it(title, async () => {
      const harness = await makeHarness();
      try {
        await test(harness);
      } finally {
        await harness.session.stop().catch(() => undefined);
        await harness.close();
      }
    });

  describe(`provider contract: ${name}`, () => {
    withHarness('reaches CONNECTED through its QR (or credentials) flow', async (h) => {
      await h.session.start();
      if (h.pairs) {
        const qr = await waitForEvent(h.events, state('qrcode'));
        expect(qr.qrcode).toBeTruthy();
      }
      await h.pair();
      const up = await waitForEvent(h.events, state('CONNECTED'));
      if (h.pairs) expect(up.number).toMatch(/^\d{10,15}$/);
    });

    withHarness('emits an inbound message once, in the normalized shape', async (h) => {
      await connected(h);
      const { wid } = await h.customerSends({
        from: h.numbers.knownNormalized,
        text: 'Olá, preciso de ajuda',
      });
      const event = await waitForEvent(h.events, received(wid));
      const message: InboundMessage = event.message;
      expect(message).toMatchObject({
        wid,
        chatId: h.numbers.knownNormalized,
        senderId: h.numbers.knownNormalized,
        isGroup: false,
        fromMe: false,
        kind: 'text',
        text: 'Olá, preciso de ajuda',
      });
      expect(message.timestamp).toBeInstanceOf(Date);
      await pause(300);
      expect(h.events.filter(received(wid))).toHaveLength(1);
    });

    withHarness('sends once per idempotency key and the peer receives it', async (h) => {
      await connected(h);
      const command = { to: h.numbers.known, text: 'Your order shipped' };
      const { wid } = await h.session.send(command, 'contract-key-1');
      expect(wid).toBeTruthy();
      const again = await h.session.send(command, 'contract-key-1');
      expect(again.wid).toBe(wid);
      const inbox = await h.receivedBy(h.numbers.knownNormalized);
      expect(inbox.filter((m) => m.wid === wid)).toEqual([
        expect.objectContaining({ wid, text: 'Your order shipped' }),
      ]);
    });

    withHarness('reports acks that only ever increase, up to read', async (h) => {
      await connected(h);
      const { wid } = await h.session.send({ to: h.numbers.known, text: 'ack me' }, 'contract-key-acks');
      await h.settleAcks(wid);
      await pause(100);
      const acks = h.events.flatMap((e) => (e.type === 'message.status' && e.wid === wid ? [e.ack] : []));
      expect(acks.length).toBeGreaterThan(0);
      expect(acks).toEqual([...acks].sort((x, y) => x - y));
      expect(Math.max(...acks)).toBeGreaterThanOrEqual(3);
    });

    withHarness('downloads the bytes of inbound media', async (h) => {
      await connected(h);
      const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3, 250, 251]);
      const { wid } = await h.customerSends({
        from: h.numbers.knownNormalized,
        text: 'the receipt',
        media: { data, mimetype: 'image/png', fileName: 'receipt.png' },
      });
      const { message } = await waitForEvent(h.events, received(wid));
      expect(message.kind).toBe('image');
      if (!message.media) throw new Error('no media reference');
      expect(message.media.mimetype).toBe('image/png');
      const downloaded = await h.session.downloadMedia(message.media);
      expect(downloaded.mimetype).toBe('image/png');
      expect(Buffer.compare(downloaded.data, data)).toBe(0);
    });

    withHarness('checks numbers, answering the normalised form', async (h) => {
      await connected(h);
      expect(await h.session.checkNumber(h.numbers.known)).toEqual({
        exists: true,
        number: h.numbers.knownNormalized,
      });
      if (h.checksNumbers !== false)
        expect((await h.session.checkNumber(h.numbers.unknown)).exists).toBe(false);
    });

    withHarness("answers a customer's profile picture address, or null without one", async (h) => {
      const { pictures } = h;
      if (!pictures) {
        expect(h.session.profilePictureUrl).toBeUndefined();
        return;
      }
      await connected(h);
      if (!h.session.profilePictureUrl) throw new Error('pictures given but no profilePictureUrl');
      expect(await h.session.profilePictureUrl(pictures.withPicture)).toMatch(/^https?:\/\/\S+$/);
      expect(await h.session.profilePictureUrl(pictures.without)).toBeNull();
    });

    withHarness('keeps its state when stopped without logging out', async (h) => {
      await connected(h);
      await h.session.stop();
      const from = h.events.length;
      const reopened = await h.reopen();
      try {
        await reopened.start();
        await waitForEvent(h.events, state('CONNECTED'), { from });
        expect(h.events.slice(from).some(state('qrcode'))).toBe(false);
      } finally {
        await reopened.stop();
      }
    });

    withHarness('logs out to DISCONNECTED and forgets the pairing', async (h) => {
      await connected(h);
      await h.session.logout();
      await waitForEvent(h.events, state('DISCONNECTED'));
      if (!h.pairs) return;
      const from = h.events.length;
      const reopened = await h.reopen();
      try {
        await reopened.start();
        await waitForEvent(h.events, state('qrcode'), { from });
        expect(h.events.slice(from).some(state('CONNECTED'))).toBe(false);
      } finally {
        await reopened.stop();
      }
    });
  });
}
