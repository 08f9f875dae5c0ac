import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { agentIn, buildTicketRow, queueOf } from '../tickets/tickets.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

describe('ticket notes', () => {
  it('adds notes by the caller and lists them newest first with the author name', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const ticket = await buildTicketRow(server, company.id, {});
    const body = (note: string) => ({ note, ticketId: ticket.id, contactId: ticket.contactId });

    const first = await server.call('POST', '/ticket-notes', { token, body: body('primeira nota') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      note: 'primeira nota',
      userId: admin.id,
      user: { name: 'Test User' },
    });
    await server.call('POST', '/ticket-notes', { token, body: body('segunda nota') });

    const list = await server.call(
      'GET',
      `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      { token },
    );
    expect(list.status).toBe(200);
    expect(list.body.map((n: { note: string }) => n.note)).toEqual(['segunda nota', 'primeira nota']);
  });

  it('refuses a note shorter than 2 characters', async () => {
    const { company, token } = await buildAdminSession(server);
    const ticket = await buildTicketRow(server, company.id, {});
    const answer = await server.call('POST', '/ticket-notes', {
      token,
      body: { note: ' a ', ticketId: ticket.id, contactId: ticket.contactId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Too Short!');
  });

  it("refuses a note filed under another contact than the ticket's, storing nothing", async () => {
    const { company, token } = await buildAdminSession(server);
    const ticket = await buildTicketRow(server, company.id, {});
    const other = await buildTicketRow(server, company.id, {});
    const answer = await server.call('POST', '/ticket-notes', {
      token,
      body: { note: 'nota perdida', ticketId: ticket.id, contactId: other.contactId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ contactId: 'Invalid value' });
    for (const t of [ticket, other]) {
      const listed = await server.call(
        'GET',
        `/ticket-notes/list?ticketId=${ticket.id}&contactId=${t.contactId}`,
        {
          token,
        },
      );
      expect(listed.body).toEqual([]);
    }
  });

  it('answers 403 to a user who may not see the ticket', async () => {
    const { company } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const support = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [support.id]);
    const ticket = await buildTicketRow(server, company.id, { queueId: sales.id });
    const post = await server.call('POST', '/ticket-notes', {
      token: agent.token,
      body: { note: 'olá', ticketId: ticket.id, contactId: ticket.contactId },
    });
    expect(post.status).toBe(403);
    const list = await server.call(
      'GET',
      `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      { token: agent.token },
    );
    expect(list.status).toBe(403);
  });

  it('lets the author or an admin delete a note, and no one else', async () => {
    const { company, token } = await buildAdminSession(server);
    const queue = await queueOf(server, company.id);
    const author = await agentIn(server, company, [queue.id]);
    const other = await agentIn(server, company, [queue.id]);
    const ticket = await buildTicketRow(server, company.id, { queueId: queue.id });
    const note = async () =>
      (
        await server.call('POST', '/ticket-notes', {
          token: author.token,
          body: { note: 'nota do agente', ticketId: ticket.id, contactId: ticket.contactId },
        })
      ).body.id as number;

    const a = await note();
    expect((await server.call('DELETE', `/ticket-notes/${a}`, { token: other.token })).status).toBe(403);
    const own = await server.call('DELETE', `/ticket-notes/${a}`, { token: author.token });
    expect(own.status).toBe(200);
    const b = await note();
    expect((await server.call('DELETE', `/ticket-notes/${b}`, { token })).status).toBe(200);
    const list = await server.call(
      'GET',
      `/ticket-notes/list?ticketId=${ticket.id}&contactId=${ticket.contactId}`,
      { token },
    );
    expect(list.body).toEqual([]);
  });
});
