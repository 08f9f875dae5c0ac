import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { agentIn, buildTag, buildTicketRow, queueOf } from './tickets.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off', TZ: 'America/Sao_Paulo' });
});
afterAll(() => server.close());

type Listed = { tickets: Array<{ id: number }>; count: number; hasMore: boolean };
const ids = (body: Listed) => body.tickets.map((t) => t.id).sort((a, b) => a - b);
const sorted = (...list: Array<{ id: number }>) => list.map((t) => t.id).sort((a, b) => a - b);

async function list(token: string, query = ''): Promise<Listed> {
  const answer = await server.call('GET', `/tickets${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('GET /tickets owner and visibility rules', () => {
  it("shows an admin their tickets and every pending one; showAll adds other agents' tickets", async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const colleague = await buildUser(server, company, { profile: 'user' });
    const mine = await buildTicketRow(server, company.id, { status: 'open', userId: admin.id });
    const waiting = await buildTicketRow(server, company.id, { status: 'pending' });
    const theirs = await buildTicketRow(server, company.id, { status: 'open', userId: colleague.id });

    expect(ids(await list(token))).toEqual(sorted(mine, waiting));
    expect(ids(await list(token, '?showAll=true'))).toEqual(sorted(mine, waiting, theirs));
    expect(ids(await list(token, '?showAll=true&status=open'))).toEqual(sorted(mine, theirs));
  });

  it('keeps the owner filter for a non-admin asking showAll and limits them to their queues', async () => {
    const { company } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const support = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [sales.id]);
    const colleague = await buildUser(server, company, { profile: 'user' });
    const inMyQueue = await buildTicketRow(server, company.id, { queueId: sales.id });
    const otherQueue = await buildTicketRow(server, company.id, { queueId: support.id });
    const noQueue = await buildTicketRow(server, company.id, {});
    const mineNoQueue = await buildTicketRow(server, company.id, { status: 'open', userId: agent.id });
    const theirsInMyQueue = await buildTicketRow(server, company.id, {
      status: 'open',
      queueId: sales.id,
      userId: colleague.id,
    });

    const seen = ids(await list(agent.token, '?showAll=true'));
    expect(seen).toEqual(sorted(inMyQueue, mineNoQueue));
    expect(seen).not.toContain(otherQueue.id);
    expect(seen).not.toContain(noQueue.id);
    expect(seen).not.toContain(theirsInMyQueue.id);
  });

  it('shows tickets without queue to a user whose allTicket is enabled', async () => {
    const { company } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const seeing = await agentIn(server, company, [sales.id], { allTicket: 'enabled' });
    const blind = await agentIn(server, company, [sales.id], { allTicket: 'desabled' });
    const noQueue = await buildTicketRow(server, company.id, {});

    expect(ids(await list(seeing.token))).toEqual(sorted(noQueue));
    expect(ids(await list(blind.token))).toEqual([]);
  });

  it('filters by queueIds: admins get those queues and no queue; non-admins only their part of them', async () => {
    const { company, token } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const support = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [sales.id]);
    const a = await buildTicketRow(server, company.id, { queueId: sales.id });
    const b = await buildTicketRow(server, company.id, { queueId: support.id });
    const none = await buildTicketRow(server, company.id, {});

    const both = encodeURIComponent(JSON.stringify([sales.id, support.id]));
    expect(ids(await list(token, `?queueIds=${encodeURIComponent(JSON.stringify([support.id]))}`))).toEqual(
      sorted(b, none),
    );
    expect(ids(await list(agent.token, `?queueIds=${both}`))).toEqual(sorted(a));
    expect(b.id).toBeGreaterThan(0);
  });
});

describe('GET /tickets filters', () => {
  it('keeps tickets carrying every listed tag', async () => {
    const { company, token } = await buildAdminSession(server);
    const vip = await buildTag(server, company.id);
    const late = await buildTag(server, company.id);
    const both = await buildTicketRow(server, company.id, { tagIds: [vip.id, late.id] });
    await buildTicketRow(server, company.id, { tagIds: [vip.id] });
    await buildTicketRow(server, company.id, {});

    const tags = encodeURIComponent(JSON.stringify([vip.id, late.id]));
    expect(ids(await list(token, `?tags=${tags}`))).toEqual(sorted(both));
  });

  it('keeps tickets assigned to any listed user (admins)', async () => {
    const { company, token } = await buildAdminSession(server);
    const ana = await buildUser(server, company, { profile: 'user' });
    const bia = await buildUser(server, company, { profile: 'user' });
    const caio = await buildUser(server, company, { profile: 'user' });
    const ofAna = await buildTicketRow(server, company.id, { status: 'open', userId: ana.id });
    const ofBia = await buildTicketRow(server, company.id, { status: 'open', userId: bia.id });
    await buildTicketRow(server, company.id, { status: 'open', userId: caio.id });

    const users = encodeURIComponent(JSON.stringify([ana.id, bia.id]));
    expect(ids(await list(token, `?showAll=true&users=${users}`))).toEqual(sorted(ofAna, ofBia));
  });

  it('finds tickets by contact name without accents, by number and by a word of an old message', async () => {
    const { company, token } = await buildAdminSession(server);
    const old = ['orçamento do telhado', ...Array.from({ length: 30 }, (_, i) => `mensagem ${i}`)];
    const byMessage = await buildTicketRow(server, company.id, { messages: old });
    const byName = await buildTicketRow(server, company.id, { name: 'João Conceição' });
    const byNumber = await buildTicketRow(server, company.id, { number: '5511987651234' });
    await buildTicketRow(server, company.id, { messages: ['nada a ver'] });

    expect(ids(await list(token, '?searchParam=ORCAMENTO'))).toEqual(sorted(byMessage));
    expect(ids(await list(token, `?searchParam=${encodeURIComponent(' joao conceicao ')}`))).toEqual(
      sorted(byName),
    );
    expect(ids(await list(token, '?searchParam=87651234'))).toEqual(sorted(byNumber));
    expect(ids(await list(token, '?searchParam=50%25'))).toEqual([]);
  });

  it('finds any part of a message: inside words, across words, short terms, other scripts, wildcards', async () => {
    const { company, token } = await buildAdminSession(server);
    const coffee = await buildTicketRow(server, company.id, { messages: ['A CAFETEIRA chegou quebrada.'] });
    const sale = await buildTicketRow(server, company.id, { messages: ['desconto de 50% no pix_rapido'] });
    const japanese = await buildTicketRow(server, company.id, { messages: ['pedido 東京日本語テスト ok'] });
    const emoji = await buildTicketRow(server, company.id, { messages: ['obrigado 😀 até'] });
    await buildTicketRow(server, company.id, { messages: ['cafe e teira separados, 50 por cento'] });
    const search = async (term: string) => ids(await list(token, `?searchParam=${encodeURIComponent(term)}`));

    expect(await search('feteir')).toEqual(sorted(coffee));
    expect(await search('cafeteira chegou q')).toEqual(sorted(coffee));
    expect(await search('a cafeteira')).toEqual(sorted(coffee));
    expect(await search('ira ch')).toEqual(sorted(coffee));
    expect(await search('50%')).toEqual(sorted(sale));
    expect(await search('x_r')).toEqual(sorted(sale));
    expect(await search('日本')).toEqual(sorted(japanese));
    expect(await search('京日本語テ')).toEqual(sorted(japanese));
    expect(await search('😀 ATE')).toEqual(sorted(emoji));
    expect(await search('PÍ')).toEqual(sorted(sale));
    expect(await search('😀')).toEqual(sorted(emoji));
    expect(await search('cafeteiras')).toEqual([]);
    expect(await search('e teira chegou')).toEqual([]);
  });

  it('keeps unread tickets that are mine or pending with withUnreadMessages', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const colleague = await buildUser(server, company, { profile: 'user' });
    const unread = await buildTicketRow(server, company.id, { unreadMessages: 2 });
    const mineUnread = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: admin.id,
      unreadMessages: 1,
    });
    await buildTicketRow(server, company.id, { unreadMessages: 0 });
    await buildTicketRow(server, company.id, { status: 'open', userId: colleague.id, unreadMessages: 3 });

    expect(ids(await list(token, '?withUnreadMessages=true&showAll=true'))).toEqual(
      sorted(unread, mineUnread),
    );
  });

  it('filters by the local creation day and the local update day', async () => {
    const { company, token } = await buildAdminSession(server);
    // 02:30 UTC on the 11th is still the 10th in São Paulo.
    const lateOn10th = await buildTicketRow(server, company.id, {
      createdAt: new Date('2024-05-11T02:30:00Z'),
      updatedAt: new Date('2024-05-12T15:00:00Z'),
    });
    const on11th = await buildTicketRow(server, company.id, {
      createdAt: new Date('2024-05-11T12:00:00Z'),
      updatedAt: new Date('2024-05-11T12:00:00Z'),
    });

    expect(ids(await list(token, '?date=2024-05-10'))).toEqual(sorted(lateOn10th));
    expect(ids(await list(token, '?date=2024-05-11'))).toEqual(sorted(on11th));
    expect(ids(await list(token, '?updatedAt=2024-05-12'))).toEqual(sorted(lateOn10th));
  });

  it('pages 40 at a time by latest activity, with the related records', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const queue = await queueOf(server, company.id);
    const tag = await buildTag(server, company.id);
    const base = Date.UTC(2030, 0, 1);
    const made = [];
    for (let i = 0; i < 45; i++) {
      made.push(
        await buildTicketRow(server, company.id, {
          status: 'open',
          userId: admin.id,
          queueId: queue.id,
          tagIds: [tag.id],
          updatedAt: new Date(base + i * 1000),
        }),
      );
    }
    const first = await list(token);
    expect(first.count).toBe(45);
    expect(first.hasMore).toBe(true);
    expect(first.tickets.map((t) => t.id)).toEqual(
      made
        .slice(5)
        .reverse()
        .map((t) => t.id),
    );
    expect(first.tickets[0]).toMatchObject({
      user: { id: admin.id, name: 'Test User' },
      queue: { id: queue.id, name: queue.name, color: queue.color },
      tags: [{ id: tag.id, name: tag.name }],
      contact: { name: made[44]?.contact.name },
    });
    const second = await list(token, '?pageNumber=2');
    expect(second.tickets.map((t) => t.id)).toEqual(
      made
        .slice(0, 5)
        .reverse()
        .map((t) => t.id),
    );
    expect(second.hasMore).toBe(false);
  });

  it("shows each ticket's own tags by name, and none for a ticket without, in lists and message pages", async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const zeta = await buildTag(server, company.id, { name: 'Zeta' });
    const alfa = await buildTag(server, company.id, { name: 'Alfa' });
    const other = await buildAdminSession(server);
    await buildTag(server, other.company.id, { name: 'Beta' });
    const tagged = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: admin.id,
      tagIds: [zeta.id, alfa.id],
    });
    const onlyZeta = await buildTicketRow(server, company.id, {
      status: 'open',
      userId: admin.id,
      tagIds: [zeta.id],
    });
    const bare = await buildTicketRow(server, company.id, { status: 'open', userId: admin.id });
    const shown = (t: { id: number; name: string; color: string }) => ({
      id: t.id,
      name: t.name,
      color: t.color,
    });
    const byId = new Map(
      (await list(token)).tickets.map((t) => [t.id, (t as unknown as { tags: unknown }).tags]),
    );
    expect(byId.get(tagged.id)).toEqual([shown(alfa), shown(zeta)]);
    expect(byId.get(onlyZeta.id)).toEqual([shown(zeta)]);
    expect(byId.get(bare.id)).toEqual([]);
    for (const [ticket, tags] of [
      [tagged, [shown(alfa), shown(zeta)]],
      [bare, []],
    ] as const) {
      const page = await server.call('GET', `/messages/${ticket.id}`, { token });
      expect(page.body.ticket.tags).toEqual(tags);
    }
  });

  it('counts every search match on each page, past the last one too', async () => {
    const { company, token } = await buildAdminSession(server);
    const base = Date.UTC(2030, 0, 1);
    const made = [];
    for (let i = 0; i < 42; i++) {
      made.push(
        await buildTicketRow(server, company.id, {
          messages: [`pedido ${i} da Cafeteira`],
          updatedAt: new Date(base + i * 1000),
        }),
      );
    }
    await buildTicketRow(server, company.id, { messages: ['outro assunto'] });

    const first = await list(token, '?searchParam=cafeteira');
    expect(first).toMatchObject({ count: 42, hasMore: true });
    expect(first.tickets.map((t) => t.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((t) => t.id),
    );
    const second = await list(token, '?searchParam=cafeteira&pageNumber=2');
    expect(second).toMatchObject({ count: 42, hasMore: false });
    expect(second.tickets.map((t) => t.id)).toEqual([made[1]?.id, made[0]?.id]);
    expect(await list(token, '?searchParam=cafeteira&pageNumber=3')).toEqual({
      tickets: [],
      count: 42,
      hasMore: false,
    });
    expect(await list(token, '?searchParam=geladeira')).toEqual({ tickets: [], count: 0, hasMore: false });
  });

  it("searches the caller's company only, by message, contact name and number", async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const number = '5511912344321';
    const inA = [
      await buildTicketRow(server, a.company.id, { messages: ['quero a geladeira azul'] }),
      await buildTicketRow(server, a.company.id, { name: 'Geladeira Lima' }),
    ];
    const inB = [
      await buildTicketRow(server, b.company.id, { messages: ['a geladeira chegou'] }),
      await buildTicketRow(server, b.company.id, { name: 'Loja Geladeira' }),
    ];
    const numberInA = await buildTicketRow(server, a.company.id, { number });
    const numberInB = await buildTicketRow(server, b.company.id, { number });

    expect(ids(await list(a.token, '?showAll=true&searchParam=geladeira'))).toEqual(sorted(...inA));
    expect(ids(await list(b.token, '?showAll=true&searchParam=geladeira'))).toEqual(sorted(...inB));
    expect(ids(await list(a.token, '?showAll=true&searchParam=12344321'))).toEqual(sorted(numberInA));
    expect(ids(await list(b.token, '?showAll=true&searchParam=12344321'))).toEqual(sorted(numberInB));
  });

  it('leaves the way the rest of a transaction plans as it found it after a search', async () => {
    const { company } = await buildAdminSession(server);
    const contact = await buildTicketRow(server, company.id, { name: 'Geladeira Souza' });
    const settingAfterSearch = (generic: boolean) =>
      server.ctx.scopes.tenant(company.id).run(
        async (tx) => {
          const found = await sql<{
            id: number;
          }>`select tickets_matching_search('geladeira', '%geladeira%') as id`.execute(tx.unscoped());
          const { rows } = await sql<{
            plans: string;
          }>`select current_setting('plan_cache_mode') as plans`.execute(tx.unscoped());
          return { found: found.rows.map((row) => row.id), plans: rows[0]?.plans };
        },
        { genericPlans: generic },
      );
    // The function plans its contact query once (generic plan) and then puts the caller's setting back.
    expect(await settingAfterSearch(false)).toEqual({ found: [contact.id], plans: 'auto' });
    expect(await settingAfterSearch(true)).toEqual({ found: [contact.id], plans: 'force_generic_plan' });
  });
});

describe('GET /ticket/kanban', () => {
  it('lists pending and open tickets only', async () => {
    const { company, admin, token } = await buildAdminSession(server);
    const open = await buildTicketRow(server, company.id, { status: 'open', userId: admin.id });
    const pending = await buildTicketRow(server, company.id, {});
    await buildTicketRow(server, company.id, { status: 'closed', userId: admin.id });

    const answer = await server.call('GET', '/ticket/kanban?showAll=true', { token });
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual(sorted(open, pending));
    expect(answer.body).toMatchObject({ count: 2, hasMore: false });
  });

  it('answers 403 ERR_PLAN_FEATURE_DISABLED when the plan has no kanban', async () => {
    const { token } = await buildAdminSession(server, { plan: { useKanban: false } });
    const answer = await server.call('GET', '/ticket/kanban', { token });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});

describe('GET /tickets/:id and /tickets/u/:uuid', () => {
  it('answers the ticket with the contact extra fields and the queue, by id and by uuid', async () => {
    const { company, token } = await buildAdminSession(server);
    const queue = await queueOf(server, company.id);
    const ticket = await buildTicketRow(server, company.id, { queueId: queue.id, name: 'Eva' });
    await server.ctx.scopes
      .tenant(company.id)
      .run((tx) =>
        tx
          .insertInto('contactCustomFields')
          .values({ companyId: company.id, contactId: ticket.contactId, name: 'CPF', value: '123' })
          .execute(),
      );

    const byId = await server.call('GET', `/tickets/${ticket.id}`, { token });
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: ticket.id,
      uuid: ticket.uuid,
      contact: { name: 'Eva', extraInfo: [{ name: 'CPF', value: '123' }] },
      queue: { id: queue.id, name: queue.name, promptId: null, integrationId: null },
    });
    const byUuid = await server.call('GET', `/tickets/u/${ticket.uuid}`, { token });
    expect(byUuid.body).toEqual(byId.body);
    const missing = await server.call('GET', '/tickets/u/not-a-uuid', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_TICKET_FOUND');
  });

  it('answers 403 ERR_NO_PERMISSION to a user outside the ticket queue', async () => {
    const { company } = await buildAdminSession(server);
    const sales = await queueOf(server, company.id);
    const support = await queueOf(server, company.id);
    const agent = await agentIn(server, company, [support.id]);
    const ticket = await buildTicketRow(server, company.id, { queueId: sales.id });
    for (const path of [`/tickets/${ticket.id}`, `/tickets/u/${ticket.uuid}`]) {
      const answer = await server.call('GET', path, { token: agent.token });
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('ERR_NO_PERMISSION');
    }
    const user = await buildUser(server, company, { profile: 'user' });
    const { token } = await login(server, user);
    expect((await server.call('GET', `/tickets/${ticket.id}`, { token })).status).toBe(403);
  });
});
