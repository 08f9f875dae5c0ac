import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { asCompany } from '../../../test/messaging-fixtures';
import { agentIn, buildTag, buildTicketRow, queueOf } from '../tickets/tickets.fixtures';

// The kanban board's server side (spec 2 sections 2 and 7, server-behaviour 5.2 and 5.5).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cardIds = (body: { tickets: Array<{ id: number }> }) =>
  body.tickets.map((t) => t.id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

async function tagsOf(companyId: number, ticketId: number): Promise<number[]> {
  const rows = await asCompany(server, companyId, (tx) =>
    tx.selectFrom('ticketTags').where('ticketId', '=', ticketId).select('tagId').orderBy('tagId').execute(),
  );
  return rows.map((r) => r.tagId);
}

describe('kanban lanes and cards', () => {
  it('answers the kanban tags as lanes by id, and cards with their tags, contact and last message', async () => {
    const { company, token } = await buildAdminSession(server);
    const second = await buildTag(server, company.id, { kanban: 1, name: 'Proposta' });
    const first = await buildTag(server, company.id, { kanban: 1, name: 'Contato' });
    await buildTag(server, company.id, { kanban: 0, name: 'VIP' });
    const card = await buildTicketRow(server, company.id, { name: 'Marta', tagIds: [first.id] });
    await asCompany(server, company.id, (tx) =>
      tx
        .updateTable('tickets')
        .set({ lastMessage: 'Quero um orçamento' })
        .where('id', '=', card.id)
        .execute(),
    );

    const lanes = await server.call('GET', '/tags/kanban', { token });
    const cards = await server.call('GET', '/ticket/kanban?showAll=true&queueIds=[]', { token });

    expect(lanes.status).toBe(200);
    expect(lanes.body.lista.map((t: { id: number }) => t.id)).toEqual(sorted(second.id, first.id));
    expect(cards.status).toBe(200);
    expect(cards.body.tickets).toEqual([
      expect.objectContaining({
        id: card.id,
        uuid: card.uuid,
        lastMessage: 'Quero um orçamento',
        contact: expect.objectContaining({ name: 'Marta', number: card.contact.number }),
        tags: [expect.objectContaining({ id: first.id, name: 'Contato' })],
      }),
    ]);
  });

  it('shows admins every pending and open card, and agents only those the ticket list lets them see', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const support = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [sales.id]);
    const inSales = await buildTicketRow(server, company.id, { queueId: sales.id });
    const inSupport = await buildTicketRow(server, company.id, { queueId: support.id });
    const agentsOwn = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: agent.id,
      queueId: sales.id,
    });
    const adminsOwn = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: admin.id,
      queueId: sales.id,
    });
    await buildTicketRow(server, company.id, { status: 'closed', userId: agent.id, queueId: sales.id });

    const asAdmin = await server.call('GET', '/ticket/kanban?showAll=true', { token });
    expect(cardIds(asAdmin.body)).toEqual(sorted(inSales.id, inSupport.id, agentsOwn.id, adminsOwn.id));

    // An agent's showAll is ignored: pending cards of their queues and their own open ones.
    const asAgent = await server.call(
      'GET',
      `/ticket/kanban?showAll=true&queueIds=[${sales.id},${support.id}]`,
      {
        token: agent.token,
      },
    );
    expect(asAgent.status).toBe(200);
    expect(cardIds(asAgent.body)).toEqual(sorted(inSales.id, agentsOwn.id));
  });

  it('moves a card from one lane to another: exactly one lane tag changes, the other tags stay', async () => {
    const { company, token } = await buildAdminSession(server);
    const from = await buildTag(server, company.id, { kanban: 1 });
    const to = await buildTag(server, company.id, { kanban: 1 });
    const plain = await buildTag(server, company.id, { kanban: 0 });
    const card = await buildTicketRow(server, company.id, { tagIds: [from.id, plain.id] });

    expect((await server.call('DELETE', `/ticket-tags/${card.id}`, { token })).status).toBe(200);
    expect((await server.call('PUT', `/ticket-tags/${card.id}/${to.id}`, { token })).status).toBe(200);

    expect(await tagsOf(company.id, card.id)).toEqual(sorted(plain.id, to.id));
    // And back to "open": no lane tag left, the plain tag stays.
    expect((await server.call('DELETE', `/ticket-tags/${card.id}`, { token })).status).toBe(200);
    expect(await tagsOf(company.id, card.id)).toEqual([plain.id]);
  });

  it("answers 404 for another company's ticket or tag and changes nothing", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const aLane = await buildTag(server, a.company.id, { kanban: 1 });
    const aCard = await buildTicketRow(server, a.company.id, { tagIds: [aLane.id] });
    const bLane = await buildTag(server, b.company.id, { kanban: 1 });
    const bCard = await buildTicketRow(server, b.company.id, {});

    const foreignTicket = await server.call('PUT', `/ticket-tags/${aCard.id}/${bLane.id}`, {
      token: b.token,
    });
    const foreignTag = await server.call('PUT', `/ticket-tags/${bCard.id}/${aLane.id}`, { token: b.token });
    const foreignDelete = await server.call('DELETE', `/ticket-tags/${aCard.id}`, { token: b.token });

    expect([foreignTicket.status, foreignTag.status, foreignDelete.status]).toEqual([404, 404, 404]);
    expect(await tagsOf(a.company.id, aCard.id)).toEqual([aLane.id]);
    expect(await tagsOf(b.company.id, bCard.id)).toEqual([]);
    const bLanes = await server.call('GET', '/tags/kanban', { token: b.token });
    expect(bLanes.body.lista.map((t: { id: number }) => t.id)).toEqual([bLane.id]);
    const bCards = await server.call('GET', '/ticket/kanban?showAll=true', { token: b.token });
    expect(cardIds(bCards.body)).toEqual([bCard.id]);
  });
});
