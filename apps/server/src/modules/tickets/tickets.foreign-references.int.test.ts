import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildUser } from '../../../test/factories';
import { asCompany, buildConnection } from '../../../test/messaging-fixtures';
import { buildIntegration, buildPrompt } from '../whatsapps/whatsapps.fixtures';
import { customerWrites, cyclesOf, queueOf, ticketRow, ticketWorld } from './tickets.fixtures';

// Server-behaviour 1.3: ids named in a ticket body are looked up in the caller's company; another company's id
// answers 404 like a missing one, and nothing changes. The by-id routes are in tickets.isolation.int.test.ts.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

/** Company A with a pending ticket, and company B's queue, user, connection, prompt, integration and contact. */
async function twoCompanies() {
  const a = await ticketWorld(server);
  const ticket = await customerWrites(server, a);
  const b = await ticketWorld(server);
  const foreign = {
    queueId: (await queueOf(server, b.company.id)).id,
    userId: (await buildUser(server, b.company, { profile: 'user' })).id,
    whatsappId: (await buildConnection(server, b.company)).id,
    promptId: (await buildPrompt(server, b.company.id)).id,
    integrationId: (await buildIntegration(server, b.company.id)).id,
    contactId: (await customerWrites(server, b)).contactId,
  };
  return { a, ticket, foreign };
}

describe("another company's ids in ticket bodies", () => {
  it('PUT /tickets/:id answers 404 for each and leaves the ticket and its cycle as they were', async () => {
    const { a, ticket, foreign } = await twoCompanies();
    const before = await ticketRow(server, a.company.id, ticket.id);
    const cyclesBefore = await cyclesOf(server, a.company.id, ticket.id);

    const bodies: Array<[Record<string, unknown>, string | undefined]> = [
      [{ queueId: foreign.queueId }, undefined],
      [{ status: 'open', userId: foreign.userId }, 'ERR_NO_USER_FOUND'],
      [{ whatsappId: foreign.whatsappId }, 'ERR_NO_WAPP_FOUND'],
      [{ useIntegration: true, promptId: foreign.promptId }, undefined],
      [{ useIntegration: true, integrationId: foreign.integrationId }, undefined],
    ];
    for (const [body, code] of bodies) {
      const answer = await server.call('PUT', `/tickets/${ticket.id}`, { token: a.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(404);
      if (code) expect(answer.body.error).toBe(code);
    }

    expect(await ticketRow(server, a.company.id, ticket.id)).toEqual(before);
    expect(await cyclesOf(server, a.company.id, ticket.id)).toEqual(cyclesBefore);
    expect(a.phone.sent).toEqual([]);
  });

  it('POST /tickets answers 404 for each and opens nothing', async () => {
    const { a, foreign } = await twoCompanies();
    const contact = await asCompany(server, a.company.id, (tx) =>
      tx
        .insertInto('contacts')
        .values({ companyId: a.company.id, name: 'Novo', number: '5511955554444' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const bodies: Array<Record<string, unknown>> = [
      { contactId: foreign.contactId, status: 'open' },
      { contactId: contact.id, queueId: foreign.queueId, status: 'open' },
      { contactId: contact.id, whatsappId: foreign.whatsappId, status: 'open' },
    ];
    for (const body of bodies) {
      const answer = await server.call('POST', '/tickets', { token: a.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(404);
    }

    const opened = await asCompany(server, a.company.id, (tx) =>
      tx.selectFrom('tickets').where('contactId', '=', contact.id).select('id').execute(),
    );
    expect(opened).toEqual([]);
  });
});
