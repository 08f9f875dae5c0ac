import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildUser, login } from '../../../test/factories';
import { eventually } from '../../../test/messaging-fixtures';
import { connectSocket, pause, type TestSocket } from '../../../test/socket-client';
import { agentIn, customerWrites, queueOf, ticketWorld } from './tickets.fixtures';

// Server-behaviour 5.4 events: each transition tells the lists it leaves and the lists it enters, and only the
// people who may see the ticket.
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

type TicketEvent = { action: string; ticketId?: number; ticket?: { id: number; status: string } };

/** What one socket heard about one ticket, as "update:<status>" or "delete". */
const heard = (socket: TestSocket, companyId: number, ticketId: number) =>
  (socket.received(`company-${companyId}-ticket`) as TicketEvent[])
    .filter((e) => e.ticketId === ticketId || e.ticket?.id === ticketId)
    .filter((e) => e.action !== 'updateUnread')
    .map((e) => (e.action === 'update' ? `update:${e.ticket?.status}` : e.action));

async function listening(token: string, ...statuses: string[]) {
  const socket = await connectSocket(baseUrl, token);
  for (const status of statuses) await socket.socket.emitWithAck('joinTickets', status);
  return socket;
}

describe('ticket events', () => {
  it('reach the lists a transition leaves and enters, and never an agent of another queue', async () => {
    const world = await ticketWorld(server);
    const sales = await queueOf(server, world.company.id);
    const support = await queueOf(server, world.company.id);
    const salesAgent = await agentIn(server, world.company, [sales.id]);
    const supportAgent = await agentIn(server, world.company, [support.id]);
    const ticket = await customerWrites(server, world);
    const put = (body: Record<string, unknown>) =>
      server.call('PUT', `/tickets/${ticket.id}`, { token: world.token, body });

    const salesPending = await listening(salesAgent.token, 'pending');
    const supportPending = await listening(supportAgent.token, 'pending');
    // Another admin watches the lists: the acting admin also hears their own tickets in their user room.
    const watcher = await login(server, await buildUser(server, world.company, { profile: 'admin' }));
    const adminOpen = await listening(watcher.token, 'open');
    const adminClosed = await listening(watcher.token, 'closed');
    const of = (socket: TestSocket) => heard(socket, world.company.id, ticket.id);

    await put({ queueId: sales.id });
    await eventually(async () => of(salesPending).length >= 1);
    expect(of(salesPending)).toEqual(['update:pending']);

    await put({ status: 'open', userId: world.admin.id });
    await eventually(async () => of(salesPending).length >= 2 && of(adminOpen).length >= 1);
    expect(of(salesPending)).toEqual(['update:pending', 'delete']);
    expect(of(adminOpen)).toEqual(['update:open']);

    await put({ status: 'closed' });
    await eventually(async () => of(adminOpen).length >= 2 && of(adminClosed).length >= 1);
    expect(of(adminOpen)).toEqual(['update:open', 'delete']);
    expect(of(adminClosed)).toEqual(['update:closed']);

    await put({ status: 'pending', userId: null });
    await eventually(async () => of(salesPending).length >= 3 && of(adminClosed).length >= 2);
    expect(of(salesPending)).toEqual(['update:pending', 'delete', 'update:pending']);
    expect(of(adminClosed)).toEqual(['update:closed', 'delete']);

    const removed = await server.call('DELETE', `/tickets/${ticket.id}`, { token: world.token });
    expect(removed.status).toBe(200);
    await eventually(async () => of(salesPending).length >= 4);
    expect(of(salesPending).at(-1)).toBe('delete');

    await pause(200);
    expect(of(supportPending)).toEqual([]);
    for (const socket of [salesPending, supportPending, adminOpen, adminClosed]) socket.close();
  });

  it('tell the agent a ticket is given to in their own room, whatever lists they watch', async () => {
    const world = await ticketWorld(server);
    const sales = await queueOf(server, world.company.id);
    const agent = await agentIn(server, world.company, [sales.id]);
    const ticket = await customerWrites(server, world);
    const socket = await connectSocket(baseUrl, agent.token);

    await server.call('PUT', `/tickets/${ticket.id}`, {
      token: world.token,
      body: { status: 'open', userId: agent.id, queueId: sales.id },
    });

    await eventually(async () => heard(socket, world.company.id, ticket.id).length >= 1);
    expect(heard(socket, world.company.id, ticket.id)).toEqual(['update:open']);
    socket.close();
  });
});
