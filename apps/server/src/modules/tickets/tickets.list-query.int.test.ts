import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildUser } from '../../../test/factories';
import { agentIn, buildTicketRow, customerWrites, queueOf, setTicket, ticketWorld } from './tickets.fixtures';

// GET /tickets as the tabs of the ticket manager ask it (server-behaviour 5.2), next to tickets.list.int.test.ts.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

type Listed = { tickets: Array<Record<string, any> & { id: number }>; count: number; hasMore: boolean };
const sorted = (...list: Array<{ id: number }>) => list.map((t) => t.id).sort((a, b) => a - b);
const ids = (body: Listed) => sorted(...body.tickets);

async function list(token: string, query = ''): Promise<Listed> {
  const answer = await server.call('GET', `/tickets${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('GET /tickets answer', () => {
  it("shows each ticket with its connection's name, last message and unread count from the customer's messages", async () => {
    const world = await ticketWorld(server);
    const renamed = `Atendimento ${world.connection.id}`;
    await server.ctx.scopes
      .tenant(world.company.id)
      .run((tx) =>
        tx.updateTable('whatsapps').set({ name: renamed }).where('id', '=', world.connection.id).execute(),
      );
    const ticket = await customerWrites(server, world, { name: 'Rita Lima', text: 'primeira' });
    await customerWrites(server, world, {
      number: ticket.number,
      name: 'Rita Lima',
      text: 'segunda mensagem',
    });

    const answer = await list(world.token);

    expect(answer).toMatchObject({ count: 1, hasMore: false });
    expect(answer.tickets[0]).toMatchObject({
      id: ticket.id,
      uuid: ticket.uuid,
      status: 'pending',
      lastMessage: 'segunda mensagem',
      unreadMessages: 2,
      whatsapp: { name: renamed },
      contact: { name: 'Rita Lima', number: ticket.number },
      queue: null,
      user: null,
      tags: [],
    });
  });
});

describe('GET /tickets tabs', () => {
  async function tabsWorld() {
    const world = await ticketWorld(server);
    const sales = await queueOf(server, world.company.id);
    const agent = await agentIn(server, world.company, [sales.id]);
    const colleague = await buildUser(server, world.company, { profile: 'user' });
    const row = (options: Parameters<typeof buildTicketRow>[2]) =>
      buildTicketRow(server, world.company.id, { queueId: sales.id, ...options });
    return {
      ...world,
      agent,
      pending: await row({ status: 'pending' }),
      agentOpen: await row({ status: 'open', userId: agent.id }),
      agentClosed: await row({ status: 'closed', userId: agent.id }),
      colleagueOpen: await row({ status: 'open', userId: colleague.id }),
      colleagueClosed: await row({ status: 'closed', userId: colleague.id }),
      adminClosed: await row({ status: 'closed', userId: world.admin.id }),
    };
  }

  it('gives an agent their own open and closed tickets and every pending one of their queues', async () => {
    const w = await tabsWorld();
    expect(ids(await list(w.agent.token, '?status=open'))).toEqual(sorted(w.agentOpen));
    expect(ids(await list(w.agent.token, '?status=pending'))).toEqual(sorted(w.pending));
    expect(ids(await list(w.agent.token, '?status=closed'))).toEqual(sorted(w.agentClosed));
    expect(ids(await list(w.agent.token, '?status=closed&showAll=true'))).toEqual(sorted(w.agentClosed));
  });

  it("gives an admin their own resolved tickets, and everyone's with showAll", async () => {
    const w = await tabsWorld();
    expect(ids(await list(w.token, '?status=closed'))).toEqual(sorted(w.adminClosed));
    expect(ids(await list(w.token, '?status=closed&showAll=true'))).toEqual(
      sorted(w.agentClosed, w.colleagueClosed, w.adminClosed),
    );
  });

  it('lists each agent their own queue, though both lists run as one compiled statement', async () => {
    const w = await tabsWorld();
    const support = await queueOf(server, w.company.id);
    const other = await agentIn(server, w.company, [support.id]);
    const theirs = await buildTicketRow(server, w.company.id, { queueId: support.id, status: 'pending' });
    // Same filters, same shape: the statement compiled for the first is bound to the second's user and queues.
    for (let round = 0; round < 2; round++) {
      expect(ids(await list(w.agent.token, '?status=pending'))).toEqual(sorted(w.pending));
      expect(ids(await list(other.token, '?status=pending'))).toEqual(sorted(theirs));
      expect(ids(await list(w.agent.token, '?status=open'))).toEqual(sorted(w.agentOpen));
      expect(ids(await list(other.token, '?status=open'))).toEqual([]);
    }
  });

  it('ignores the users filter from a non-admin', async () => {
    const w = await tabsWorld();
    const users = encodeURIComponent(JSON.stringify([w.admin.id]));
    expect(ids(await list(w.agent.token, `?users=${users}`))).toEqual(
      sorted(w.pending, w.agentOpen, w.agentClosed),
    );
  });

  it("searches an agent's tickets only, never a message of a ticket they may not see", async () => {
    const world = await ticketWorld(server);
    const sales = await queueOf(server, world.company.id);
    const support = await queueOf(server, world.company.id);
    const agent = await agentIn(server, world.company, [sales.id]);
    const word = `fatura${world.company.id}`;
    const visible = await buildTicketRow(server, world.company.id, {
      queueId: sales.id,
      messages: [`sobre a ${word}`],
    });
    await buildTicketRow(server, world.company.id, { queueId: support.id, messages: [`a ${word} venceu`] });

    expect(ids(await list(agent.token, `?searchParam=${word}`))).toEqual(sorted(visible));
    expect((await list(world.token, `?searchParam=${word}`)).count).toBe(2);
  });

  it('keeps unread tickets of the agent queues only with withUnreadMessages', async () => {
    const world = await ticketWorld(server);
    const sales = await queueOf(server, world.company.id);
    const support = await queueOf(server, world.company.id);
    const agent = await agentIn(server, world.company, [sales.id]);
    const unreadMine = await buildTicketRow(server, world.company.id, {
      queueId: sales.id,
      unreadMessages: 3,
    });
    await buildTicketRow(server, world.company.id, { queueId: sales.id, unreadMessages: 0 });
    await buildTicketRow(server, world.company.id, { queueId: support.id, unreadMessages: 4 });

    expect(ids(await list(agent.token, '?withUnreadMessages=true'))).toEqual(sorted(unreadMine));
  });

  it('treats unreadable filters as none instead of failing', async () => {
    const w = await tabsWorld();
    const everything = ids(await list(w.token, '?showAll=true'));
    for (const junk of [
      '?showAll=true&queueIds=abc',
      '?showAll=true&tags=%5B',
      '?showAll=true&status=archived',
      '?showAll=true&date=2026-02-30',
      '?showAll=true&updatedAt=yesterday',
      '?showAll=true&pageNumber=-3',
    ]) {
      expect(ids(await list(w.token, junk)), junk).toEqual(everything);
    }
  });

  it('moves a ticket between tabs as it changes state', async () => {
    const w = await tabsWorld();
    await setTicket(server, w.company.id, w.pending.id, { status: 'open', userId: w.agent.id });
    expect(ids(await list(w.agent.token, '?status=open'))).toEqual(sorted(w.agentOpen, w.pending));
    expect((await list(w.agent.token, '?status=pending')).tickets).toEqual([]);
  });
});
