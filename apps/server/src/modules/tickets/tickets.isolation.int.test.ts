import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { describeTenantIsolation } from '../../../test/isolation-kit';
import { asCompany } from '../../../test/messaging-fixtures';
import { buildTag, buildTicketRow } from './tickets.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

interface IsolatedTicket {
  id: number;
  uuid: string;
  contactId: number;
  noteId: number;
  tagId: number;
}

describeTenantIsolation<IsolatedTicket>({
  resource: 'ticket',
  server: () => server,
  create: async (s, owner) => {
    const tag = await buildTag(s, owner.company.id, { kanban: 1 });
    const ticket = await buildTicketRow(s, owner.company.id, { tagIds: [tag.id], messages: ['olá'] });
    const note = await asCompany(s, owner.company.id, (tx) =>
      tx
        .insertInto('ticketNotes')
        .values({
          companyId: owner.company.id,
          note: 'nota',
          ticketId: ticket.id,
          contactId: ticket.contactId,
          userId: owner.admin.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: ticket.id, uuid: ticket.uuid, contactId: ticket.contactId, noteId: note.id, tagId: tag.id };
  },
  byId: [
    { method: 'GET', path: (t) => `/tickets/${t.id}` },
    { method: 'GET', path: (t) => `/tickets/u/${t.uuid}` },
    { method: 'PUT', path: (t) => `/tickets/${t.id}`, body: { status: 'closed' } },
    { method: 'PUT', path: (t) => `/tickets/${t.id}`, body: { status: 'open' } },
    {
      method: 'POST',
      path: '/tickets',
      body: (t: IsolatedTicket) => ({ contactId: t.contactId, status: 'open' }),
    },
    { method: 'GET', path: (t) => `/ticket-notes/list?ticketId=${t.id}&contactId=${t.contactId}` },
    {
      method: 'POST',
      path: '/ticket-notes',
      body: (t: IsolatedTicket) => ({ note: 'intrusa', ticketId: t.id, contactId: t.contactId }),
    },
    { method: 'DELETE', path: (t) => `/ticket-notes/${t.noteId}` },
    { method: 'POST', path: '/tags/sync', body: (t: IsolatedTicket) => ({ ticketId: t.id, tags: [] }) },
    { method: 'PUT', path: (t) => `/ticket-tags/${t.id}/${t.tagId}` },
    { method: 'DELETE', path: (t) => `/ticket-tags/${t.id}` },
    { method: 'DELETE', path: (t) => `/tickets/${t.id}` },
  ],
  readAsOwner: async (s, owner, t) => {
    const ticket = await s.call('GET', `/tickets/${t.id}`, { token: owner.token });
    const notes = await s.call('GET', `/ticket-notes/list?ticketId=${t.id}&contactId=${t.contactId}`, {
      token: owner.token,
    });
    if (ticket.status !== 200 || notes.status !== 200) throw new Error('owner cannot read its ticket');
    return { ticket: ticket.body, notes: notes.body };
  },
  lists: [{ path: '/tickets?showAll=true' }, { path: '/ticket/kanban?showAll=true' }],
});
