import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession } from '../../../test/factories';
import { asCompany } from '../../../test/messaging-fixtures';
import { buildTicketRow } from '../../modules/tickets/tickets.fixtures';

// PostgreSQL text cannot hold a NUL character: input carrying one is refused as bad input naming the field,
// wherever it hides, instead of failing in the database with a 500.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

const withNul = 'Ana\u0000Souza';

describe('NUL characters in input', () => {
  it('are refused with 400 naming the field, in bodies, nested lists and queries, and nothing is stored', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const ticket = await buildTicketRow(server, company.id, { status: 'open', userId: admin.id });
    const cases: Array<['GET' | 'POST' | 'PUT', string, unknown, string]> = [
      ['POST', '/users', { name: withNul, email: 'nul-user@example.com', password: 'secret1' }, 'name'],
      ['PUT', `/users/${admin.id}`, { name: withNul }, 'name'],
      [
        'POST',
        '/contacts',
        { name: 'Ana', number: '5511988887777', extraInfo: [{ name: 'CPF', value: withNul }] },
        'extraInfo.0.value',
      ],
      ['POST', '/contacts/upload', [{ name: withNul, number: '5511988887776' }], '0.name'],
      ['POST', '/ticket-notes', { note: withNul, ticketId: ticket.id, contactId: ticket.contactId }, 'note'],
      ['GET', `/tickets?searchParam=${encodeURIComponent(withNul)}`, undefined, 'searchParam'],
      ['GET', `/contacts?searchParam=${encodeURIComponent(withNul)}`, undefined, 'searchParam'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = await server.call(method, path, { token, body });
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(answer.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { [field]: 'Invalid value' } });
    }

    const stored = await asCompany(server, company.id, async (tx) => ({
      users: await tx.selectFrom('users').select('name').execute(),
      contacts: await tx
        .selectFrom('contacts')
        .where('number', 'like', '55119888877%')
        .select('id')
        .execute(),
      notes: await tx.selectFrom('ticketNotes').select('id').execute(),
    }));
    expect(stored).toEqual({ users: [{ name: 'Test User' }], contacts: [], notes: [] });
  });
});
