import { randomBytes } from 'node:crypto';
import { proto } from 'baileys';
import { afterAll, beforeAll } from 'vitest';
import { buildCompany } from '../../../../test/factories';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { createAuthState } from '../../sessions';
import type { ConnectionDescriptor, ProviderEvent, SessionHooks } from '../port';
import { describeProviderContract, type ProviderContractHarness } from '../provider.contract';
import { BetaSession } from './beta-session';
import { FakeWhatsApp } from './fake-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A beta connection row of its own, its auth state in the test database, and a scripted fake WhatsApp
 * playing the server and the customers' phones (no network).
 */
async function makeBetaHarness(): Promise<ProviderContractHarness> {
  const company = await buildCompany(server);
  const scope = server.ctx.scopes.tenant(company.id);
  const row = await scope.run((tx) =>
    tx
      .insertInto('whatsapps')
      .values({ companyId: company.id, name: 'Contract', provider: 'beta' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const connection: ConnectionDescriptor = {
    companyId: company.id,
    whatsappId: row.id,
    name: 'Contract',
    provider: 'beta',
    config: {},
  };
  const events: ProviderEvent[] = [];
  const hooks: SessionHooks = {
    emit: async (event) => {
      events.push(event);
    },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  const network = new FakeWhatsApp({ autoServe: true, ownNumber: '5511900001234' });
  network.accounts.add('5511998765432');
  network.pictures.set('5511998765432', 'https://pps.whatsapp.net/v/t61/contract.jpg');
  const authState = createAuthState(scope, row.id);
  const open = () =>
    new BetaSession(
      { connection, hooks, authState },
      { createSocket: network.createSocket, download: network.download },
    );
  let session = open();

  const live = () => {
    const socket = network.current;
    if (!socket) throw new Error('no live socket');
    return socket;
  };

  return {
    get session() {
      return session;
    },
    events,
    pairs: true,
    async pair() {
      network.scan(live());
    },
    async customerSends(message) {
      const wid = `3A${randomBytes(9).toString('hex').toUpperCase()}`;
      const jid = `${message.from}@s.whatsapp.net`;
      const content: proto.IMessage = message.media
        ? {
            imageMessage: {
              ...network.storeMedia(message.media.data),
              mimetype: message.media.mimetype,
              fileLength: message.media.data.length,
              ...(message.text ? { caption: message.text } : {}),
            },
          }
        : { conversation: message.text ?? '' };
      live().receive([
        {
          key: { remoteJid: jid, fromMe: false, id: wid },
          message: content,
          messageTimestamp: Math.floor(Date.now() / 1000),
          pushName: 'Cliente',
        },
      ]);
      return { wid };
    },
    async receivedBy(number) {
      return (network.inboxes.get(number) ?? []).map((m) => ({
        wid: m.id,
        ...('text' in m.content ? { text: m.content.text } : {}),
      }));
    },
    async settleAcks(wid) {
      const number = [...network.inboxes.entries()].find(([, inbox]) => inbox.some((m) => m.id === wid))?.[0];
      if (!number) throw new Error(`${wid} was never delivered`);
      const key = { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id: wid };
      const Status = proto.WebMessageInfo.Status;
      for (const status of [Status.SERVER_ACK, Status.DELIVERY_ACK, Status.READ]) {
        live().emit({ 'messages.update': [{ key, update: { status } }] });
        await pause(10);
      }
    },
    numbers: { known: '551198765432', knownNormalized: '5511998765432', unknown: '12345' },
    pictures: { withPicture: '5511998765432', without: '5511977776666' },
    async reopen() {
      session = open();
      return session;
    },
    async close() {},
  };
}

describeProviderContract('beta', makeBetaHarness);
