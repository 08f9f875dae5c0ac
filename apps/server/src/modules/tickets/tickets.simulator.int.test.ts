import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { eventually, uniquePhone } from '../../../test/messaging-fixtures';
import { connectSocket } from '../../../test/socket-client';
import { connectionWhen, createConnection } from '../whatsapps/whatsapps.fixtures';
import { agentIn, queueOf, setCompanySetting } from './tickets.fixtures';

// End to end through the built-in simulator: the customer's phone receives what closing and transfers say.
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '40,80', SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

async function simulatedPhone() {
  const session = await buildAdminSession(server);
  const connection = await createConnection(server, session.token, {
    provider: 'simulator',
    ratingMessage: 'Como foi o atendimento, {{firstName}}?',
    complationMessage: 'Atendimento encerrado.',
  });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'qrcode');
  await server.call('POST', `/simulator/connections/${connection.id}/scan`, { token: session.token });
  await connectionWhen(server, session.token, connection.id, (c) => c.status === 'CONNECTED');
  const phone = uniquePhone();
  const socket = await connectSocket(baseUrl, session.token);
  await socket.socket.emitWithAck('joinNotification');
  const played = await server.call('POST', `/simulator/connections/${connection.id}/inbound`, {
    token: session.token,
    body: { from: phone, name: 'Renata Alves', body: 'Preciso de ajuda' },
  });
  expect(played.status).toBe(200);
  const created = (await socket.waitFor(`company-${session.company.id}-appMessage`)) as {
    ticket: { id: number };
  };
  socket.close();
  const outbox = async () =>
    (
      await server.call('GET', `/simulator/connections/${connection.id}/outbox?to=${phone}`, {
        token: session.token,
      })
    ).body as Array<{ body: string }>;
  return { ...session, connection, phone, ticketId: created.ticket.id, outbox };
}

describe('ticket transitions seen from the simulated phone', () => {
  it('sends the rating request when an agent closes a served ticket and ratings are on', async () => {
    const world = await simulatedPhone();
    await setCompanySetting(server, world.company.id, 'userRating', 'enabled');
    const put = (body: Record<string, unknown>) =>
      server.call('PUT', `/tickets/${world.ticketId}`, { token: world.token, body });
    expect((await put({ status: 'open', userId: world.admin.id })).status).toBe(200);

    expect((await put({ status: 'closed' })).status).toBe(200);

    const text =
      'Como foi o atendimento, Renata?\n\nDigite de 1 a 3: *1* - Insatisfeito, *2* - Satisfeito, *3* - Muito satisfeito';
    const received = await eventually(async () => {
      const items = await world.outbox();
      return items.length > 0 ? items : undefined;
    });
    expect(received.map((m) => m.body)).toEqual([text]);
  });

  it('tells the customer about a transfer to another agent when transfer notices are on', async () => {
    const world = await simulatedPhone();
    await setCompanySetting(server, world.company.id, 'sendMsgTransfTicket', 'enabled');
    const queue = await queueOf(server, world.company.id);
    const agent = await agentIn(server, world.company, [queue.id], { name: 'Paulo' });
    const put = (body: Record<string, unknown>) =>
      server.call('PUT', `/tickets/${world.ticketId}`, { token: world.token, body });
    await put({ status: 'open', userId: world.admin.id, queueId: queue.id });
    const adminSocket = await connectSocket(baseUrl, world.token);
    const agentSocket = await connectSocket(baseUrl, agent.token);
    const event = `company-${world.company.id}-ticket`;

    await put({ userId: agent.id });

    const received = await eventually(async () => {
      const items = await world.outbox();
      return items.length > 0 ? items : undefined;
    });
    expect(received.map((m) => m.body)).toEqual([
      '*Mensagem automática*: você foi transferido para o atendente *Paulo*, aguarde.',
    ]);
    // The former owner's room hears the delete and the update; the new owner's room the update.
    await eventually(async () => adminSocket.received(event).length >= 2);
    expect(adminSocket.received(event)).toEqual(
      expect.arrayContaining([
        { action: 'delete', ticketId: world.ticketId },
        expect.objectContaining({ action: 'update', ticket: expect.objectContaining({ userId: agent.id }) }),
      ]),
    );
    const update = (await agentSocket.waitFor(event)) as { action: string };
    expect(update).toMatchObject({ action: 'update', ticket: { id: world.ticketId, userId: agent.id } });
    adminSocket.close();
    agentSocket.close();
  });
});
