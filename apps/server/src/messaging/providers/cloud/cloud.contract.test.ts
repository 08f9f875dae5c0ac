import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { buildCompany } from '../../../../test/factories';
import {
  FakeGraphServer,
  customerMessage,
  messageStatus,
  webhookPayload,
} from '../../../../test/fake-graph-server';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { createAuthState } from '../../sessions';
import type { ConnectionDescriptor, ProviderEvent, SessionHooks } from '../port';
import { describeProviderContract, waitForEvent, type ProviderContractHarness } from '../provider.contract';
import { CloudSession } from './cloud-session';
import { SentMessages } from './sent-messages.repository';

let server: TestServer;
let graph: FakeGraphServer;
let baseUrl: string;
beforeAll(async () => {
  graph = await FakeGraphServer.start();
  server = await startTestServer({ WHATSAPP_CLOUD_BASE_URL: graph.url });
  baseUrl = (await server.listen()).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await server.close();
  await graph.close();
});

/** inbound_events keeps events as JSON: dates come back as strings. */
const revive = (payload: unknown): ProviderEvent => {
  const event = payload as ProviderEvent;
  return event.type === 'message.received'
    ? { ...event, message: { ...event.message, timestamp: new Date(event.message.timestamp) } }
    : event;
};

/**
 * A cloud connection of its own, its session built directly, and the fake Graph server playing Meta. Inbound
 * events take the real way: the fake signs and posts webhooks to the listening server, whose route stores
 * them; `events` gets the session's own events plus what the route stored for this connection.
 */
async function makeCloudHarness(): Promise<ProviderContractHarness> {
  const company = await buildCompany(server);
  const scope = server.ctx.scopes.tenant(company.id);
  const number = graph.addNumber({ displayPhoneNumber: '+55 11 3333-4444' });
  const credentials = {
    phoneNumberId: number.phoneNumberId,
    accessToken: number.accessToken,
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: randomBytes(8).toString('hex'),
  };
  const row = await scope.run((tx) =>
    tx
      .insertInto('whatsapps')
      .values({
        companyId: company.id,
        name: 'Contract',
        provider: 'cloud',
        providerConfig: JSON.stringify(credentials),
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const connection: ConnectionDescriptor = {
    companyId: company.id,
    whatsappId: row.id,
    name: 'Contract',
    provider: 'cloud',
    config: credentials,
  };
  const events: ProviderEvent[] = [];
  const hooks: SessionHooks = {
    emit: async (event) => {
      events.push(event);
    },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  const authState = createAuthState(scope, row.id);
  const open = () =>
    new CloudSession(
      { connection, hooks, authState },
      { endpoint: server.ctx.config.cloudApi, sent: new SentMessages(scope, row.id) },
    );
  let session = open();

  let seen = 0;
  let polling = false;
  const poll = setInterval(() => {
    if (polling) return;
    polling = true;
    void scope
      .run((tx) =>
        tx
          .selectFrom('inboundEvents')
          .where('whatsappId', '=', row.id)
          .where('id', '>', seen)
          .orderBy('id')
          .select(['id', 'payload'])
          .execute(),
      )
      .then((rows) => {
        for (const stored of rows) {
          events.push(revive(stored.payload));
          seen = stored.id;
        }
      })
      .finally(() => {
        polling = false;
      });
  }, 20);

  const webhookUrl = `${baseUrl}/webhooks/cloud/${row.id}`;
  const deliver = async (value: Parameters<typeof webhookPayload>[1]) => {
    const answer = await graph.postWebhook(webhookUrl, credentials.appSecret, webhookPayload(number, value));
    if (answer.status !== 200) throw new Error(`webhook refused: ${answer.status} ${answer.body}`);
  };

  return {
    get session() {
      return session;
    },
    events,
    pairs: false,
    async pair() {},
    async customerSends(message) {
      const media = message.media && graph.storeMedia(message.media);
      const sent = media
        ? customerMessage(message.from, {
            type: 'image',
            image: { id: media.id, mime_type: media.mimetype, caption: message.text },
          })
        : customerMessage(message.from, { type: 'text', text: { body: message.text ?? '' } });
      await deliver(sent.value);
      return { wid: sent.wid };
    },
    async receivedBy(to) {
      return graph.sentTo(to).map((m) => ({ wid: m.wid, text: m.body.text?.body }));
    },
    async settleAcks(wid) {
      const sent = graph.sent.find((m) => m.wid === wid);
      if (!sent) throw new Error(`${wid} was never sent`);
      await deliver({ statuses: [messageStatus(wid, 'sent', sent.to)] });
      // Meta does not promise order inside a delivery: read may come before delivered.
      await deliver({
        statuses: [messageStatus(wid, 'read', sent.to), messageStatus(wid, 'delivered', sent.to)],
      });
      await waitForEvent(
        events,
        (e): e is Extract<ProviderEvent, { type: 'message.status' }> =>
          e.type === 'message.status' && e.wid === wid && e.ack === 3,
      );
    },
    numbers: { known: '5511998765432', knownNormalized: '5511998765432', unknown: '12345' },
    checksNumbers: false,
    async reopen() {
      session = open();
      return session;
    },
    async close() {
      clearInterval(poll);
    },
  };
}

describeProviderContract('cloud', makeCloudHarness);
