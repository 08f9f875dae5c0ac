import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';

interface Conversation {
  /** The ticket id. */
  id: number;
  /** One of our own messages in it. */
  messageId: number;
}

let testServer: TestServer;
beforeAll(async () => {
  // Connections here are rows with fake sessions: nothing may start real ones behind the test's back.
  testServer = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => testServer.close());

describeTenantIsolation<Conversation>({
  resource: 'ticket conversation',
  server: () => testServer,
  async create(server, owner) {
    const connection = await buildConnection(server, owner.company);
    fakeSession(server, connection.id);
    await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: uniquePhone() }));
    await server.messaging.inbound.idle();
    const ticket = await asCompany(server, owner.company.id, (tx) =>
      tx.selectFrom('tickets').where('whatsappId', '=', connection.id).select('id').executeTakeFirstOrThrow(),
    );
    const sent = await server.call('POST', `/messages/${ticket.id}`, {
      token: owner.token,
      body: { body: 'ours' },
    });
    const messageId = sent.body.messages[0].id as number;
    // Settled (wid and ack stored) so the owner's view does not change under the comparison.
    await eventually(async () => {
      const m = await asCompany(server, owner.company.id, (tx) =>
        tx.selectFrom('messages').where('id', '=', messageId).select('ack').executeTakeFirstOrThrow(),
      );
      return m.ack === 1;
    });
    return { id: ticket.id, messageId };
  },
  byId: [
    { method: 'GET', path: (c) => `/messages/${c.id}` },
    { method: 'POST', path: (c) => `/messages/${c.id}`, body: { body: 'from company B' } },
    { method: 'DELETE', path: (c) => `/messages/${c.messageId}` },
  ],
});
