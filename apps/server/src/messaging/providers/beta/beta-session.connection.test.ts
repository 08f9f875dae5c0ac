import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderEvent } from '../port';
import { BetaSession } from './beta-session';
import { WHATSAPP_ID, betaHarness } from './session-harness';

type StateEvent = Extract<ProviderEvent, { type: 'connection.state' }>;
const stateEvents = (events: ProviderEvent[]) =>
  events.filter((e): e is StateEvent => e.type === 'connection.state');

afterEach(() => {
  vi.useRealTimers();
});

describe('beta session: connection states', () => {
  it('shows each rotating QR code, then PAIRING on scan, and CONNECTED with our number after the restart', async () => {
    const h = betaHarness();
    await h.session.start();
    const first = h.socket();
    first.emit({ 'connection.update': { connection: 'connecting' } });
    first.qr('2@qr-one');
    first.qr('2@qr-two');
    await h.settle();
    h.network.scan(first);
    await h.settle();

    expect(h.network.sockets).toHaveLength(2);
    const second = h.socket();
    expect(second.options.auth.creds.registered).toBe(true);
    second.emit({ 'connection.update': { connection: 'connecting' } });
    second.open('5511988887777');
    await h.settle();

    const states = stateEvents(h.events);
    expect(states.filter((s) => s.status === 'qrcode').map((s) => s.qrcode)).toEqual([
      '2@qr-one',
      '2@qr-two',
    ]);
    expect(h.states()).toEqual(['OPENING', 'qrcode', 'qrcode', 'PAIRING', 'OPENING', 'CONNECTED']);
    expect(states.at(-1)).toMatchObject({ status: 'CONNECTED', number: '5511988887777' });
    // The scanned creds are in the database, so a restart needs no new QR.
    expect(h.auth.creds).toMatchObject({
      registered: true,
      me: { id: expect.stringContaining('@s.whatsapp.net') },
    });
  });

  it('gives up after 3 unscanned QR codes: DISCONNECTED, socket ended, keys wiped, no retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    await h.session.start();
    const socket = h.socket();
    for (const code of ['2@a', '2@b', '2@c']) socket.qr(code);
    await h.settle();
    expect(h.states()).toEqual(['OPENING', 'qrcode', 'qrcode', 'qrcode']);
    expect(h.auth.clears).toBe(0);

    socket.qr('2@d');
    await h.settle();
    expect(stateEvents(h.events).at(-1)).toMatchObject({
      status: 'DISCONNECTED',
      reason: '3 QR codes not scanned',
    });
    expect(socket.ended).toBe(true);
    expect(socket.loggedOut).toBe(false);
    expect(h.auth.clears).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.network.sockets).toHaveLength(1);
  });

  it('counts QR codes across the attempts of one start', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    await h.session.start();
    h.socket().qr('2@a');
    h.socket().qr('2@b');
    await h.settle();
    h.socket().close(408);
    await h.settle();
    await vi.advanceTimersByTimeAsync(2_000);
    h.socket().qr('2@c');
    h.socket().qr('2@d');
    await h.settle();
    expect(h.states().filter((s) => s === 'qrcode')).toHaveLength(3);
    expect(h.states().at(-1)).toBe('DISCONNECTED');
  });

  it('logged out from the phone (401): keys wiped, DISCONNECTED, and the next start asks for a new QR', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness({ autoServe: true });
    await h.session.start();
    await h.settle();
    h.network.scan();
    await h.settle();
    expect(h.states().at(-1)).toBe('CONNECTED');

    h.socket().close(401);
    await h.settle();
    expect(stateEvents(h.events).at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'logged out' });
    expect(h.auth.creds).toBeNull();
    expect(h.auth.keys.size).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.network.sockets).toHaveLength(2);

    await h.session.start();
    await h.settle();
    expect(h.socket().options.auth.creds.registered).toBe(false);
    expect(h.states().at(-1)).toBe('qrcode');
  });

  it('replaced by another client (440): DISCONNECTED with reason replaced, keys kept, no reconnect loop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    const socket = await h.connect();
    socket.close(440);
    await h.settle();
    expect(stateEvents(h.events).at(-1)).toMatchObject({ status: 'DISCONNECTED', reason: 'replaced' });
    expect(h.auth.clears).toBe(0);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.network.sockets).toHaveLength(1);
  });

  it('reconnects a dropped connection with backoff from 2 s doubling to 60 s, TIMEOUT after 5 failed attempts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    await h.connect();
    h.socket().close(408);
    await h.settle();
    expect(h.states().at(-1)).toBe('OPENING');

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const before = h.network.sockets.length;
      let waited = 0;
      while (h.network.sockets.length === before && waited < 200_000) {
        await vi.advanceTimersByTimeAsync(1_000);
        waited += 1_000;
      }
      waits.push(waited);
      expect(h.states().includes('TIMEOUT')).toBe(attempt > 5);
      h.socket().close(attempt % 2 === 0 ? 428 : undefined);
      await h.settle();
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(h.states().filter((s) => s === 'TIMEOUT')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(60_000);
    h.socket().open(h.network.ownNumber);
    await h.settle();
    expect(h.states().at(-1)).toBe('CONNECTED');
    h.socket().close(503);
    await h.settle();
    const before = h.network.sockets.length;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.network.sockets).toHaveLength(before + 1);
  });

  it('keeps one attempt in flight: repeated close events and stale sockets do not add attempts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    const first = await h.connect();
    const close = { 'connection.update': { connection: 'close' as const } };
    first.emit(close);
    first.emit(close);
    await h.settle();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.network.sockets).toHaveLength(2);
    // The dead socket talking again changes nothing.
    first.emit(close);
    first.open('5511911112222');
    await h.settle();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.network.sockets).toHaveLength(2);
    expect(h.states().at(-1)).toBe('OPENING');
  });

  it('reconnects at once when WhatsApp asks for a restart (515)', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    socket.close(515);
    await h.settle();
    expect(h.network.sockets).toHaveLength(2);
  });

  it('survives an unreachable network: a failing socket factory is retried with backoff, nothing thrown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    let calls = 0;
    const session = new BetaSession(
      {
        connection: { companyId: 1, whatsappId: WHATSAPP_ID, name: 'Beta', provider: 'beta', config: {} },
        hooks: { emit: async (e) => void h.events.push(e), log: { info() {}, warn() {}, error() {} } },
        authState: h.auth,
      },
      {
        createSocket: () => {
          calls += 1;
          throw new Error('getaddrinfo ENOTFOUND web.whatsapp.com');
        },
        download: h.network.download,
      },
    );
    await session.start();
    await h.settle();
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    expect(calls).toBe(3);
    expect(h.states()).toEqual(['OPENING']);
    await session.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toBe(3);
  });

  it('stop ends the socket without logging out and cancels any pending reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = betaHarness();
    const socket = await h.connect();
    socket.close(408);
    await h.settle();
    await h.session.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.network.sockets).toHaveLength(1);
    expect(socket.loggedOut).toBe(false);
    expect(h.auth.clears).toBe(0);
  });

  it('logout logs the device out, wipes the keys and reports DISCONNECTED', async () => {
    const h = betaHarness();
    const socket = await h.connect();
    await h.session.logout();
    await h.settle();
    expect(socket.loggedOut).toBe(true);
    expect(h.auth.clears).toBe(1);
    expect(h.states().at(-1)).toBe('DISCONNECTED');
    expect(h.network.sockets).toHaveLength(1);
  });

  it('gives a pairing code for the phone number while the QR shows, and stops counting QRs meanwhile', async () => {
    const h = betaHarness();
    await h.session.start();
    const socket = h.socket();
    const pending = h.session.requestPairingCode('+55 (11) 98888-7777');
    socket.qr('2@first');
    await expect(pending).resolves.toBe('ZAPD3SK1');
    expect(socket.pairingCodes).toEqual(['5511988887777']);
    for (const code of ['2@b', '2@c', '2@d', '2@e']) socket.qr(code);
    await h.settle();
    expect(h.states()).not.toContain('DISCONNECTED');
  });

  it('forwards baileys warnings and errors to the session log, and drops its chatter', async () => {
    const h = betaHarness();
    await h.session.start();
    const logger = h.socket().options.logger.child({ class: 'socket' });
    logger.info({ a: 1 }, 'chatty');
    logger.warn({ b: 2 }, 'decrypt failed');
    logger.error('stream errored');
    expect(h.logged.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'decrypt failed'],
      ['error', 'stream errored'],
    ]);
    expect(h.logged[0]?.obj).toMatchObject({ class: 'socket', detail: { b: 2 } });
  });
});
