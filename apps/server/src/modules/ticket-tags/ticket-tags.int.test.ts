import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { connectSocket } from '../../../test/socket-client';
import { agentIn, buildTag, buildTicketRow, queueOf } from '../tickets/tickets.fixtures';

let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

const tagIdsOf = async (token: string, ticketId: number) =>
  ((await server.call('GET', `/tickets/${ticketId}`, { token })).body.tags as Array<{ id: number }>)
    .map((t) => t.id)
    .sort((a, b) => a - b);

describe('tags on tickets', () => {
  it('replaces the set with POST /tags/sync and emits the ticket update', async () => {
    const { company, token } = await buildAdminSession(server);
    const [a, b, c] = [
      await buildTag(server, company.id),
      await buildTag(server, company.id),
      await buildTag(server, company.id),
    ];
    const ticket = await buildTicketRow(server, company.id, { tagIds: [a.id, b.id] });
    const socket = await connectSocket(baseUrl, token);
    await socket.socket.emitWithAck('joinTickets', 'pending');

    const answer = await server.call('POST', '/tags/sync', {
      token,
      body: { ticketId: ticket.id, tags: [{ id: b.id }, { id: c.id }] },
    });

    expect(answer.status).toBe(200);
    expect(await tagIdsOf(token, ticket.id)).toEqual([b.id, c.id].sort((x, y) => x - y));
    const event = await socket.waitFor(`company-${company.id}-ticket`);
    expect(event).toMatchObject({ action: 'update', ticket: { id: ticket.id } });
    socket.close();
  });

  it('moves a kanban card: DELETE removes only kanban tags, PUT adds the lane tag', async () => {
    const { company, token } = await buildAdminSession(server);
    const laneA = await buildTag(server, company.id, { kanban: 1 });
    const laneB = await buildTag(server, company.id, { kanban: 1 });
    const plain = await buildTag(server, company.id, { kanban: 0 });
    const ticket = await buildTicketRow(server, company.id, { tagIds: [laneA.id, plain.id] });

    expect((await server.call('DELETE', `/ticket-tags/${ticket.id}`, { token })).status).toBe(200);
    expect(await tagIdsOf(token, ticket.id)).toEqual([plain.id]);
    const put = await server.call('PUT', `/ticket-tags/${ticket.id}/${laneB.id}`, { token });
    expect(put.status).toBe(200);
    expect(await tagIdsOf(token, ticket.id)).toEqual([plain.id, laneB.id].sort((x, y) => x - y));
  });

  it('answers 404 for a tag of another company and 403 for an invisible ticket', async () => {
    const { company, token } = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const foreign = await buildTag(server, other.company.id);
    const ticket = await buildTicketRow(server, company.id, {});
    const sync = await server.call('POST', '/tags/sync', {
      token,
      body: { ticketId: ticket.id, tags: [{ id: foreign.id }] },
    });
    expect(sync.status).toBe(404);
    const queue = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [queue.id]);
    const tag = await buildTag(server, company.id, { kanban: 1 });
    expect(
      (await server.call('PUT', `/ticket-tags/${ticket.id}/${tag.id}`, { token: agent.token })).status,
    ).toBe(403);
    expect(await tagIdsOf(token, ticket.id)).toEqual([]);
  });

  it('refuses the kanban routes when the plan has no kanban', async () => {
    const { company, token } = await buildAdminSession(server, { plan: { useKanban: false } });
    const ticket = await buildTicketRow(server, company.id, {});
    const answer = await server.call('DELETE', `/ticket-tags/${ticket.id}`, { token });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});
