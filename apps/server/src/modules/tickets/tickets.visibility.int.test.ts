import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { agentIn, buildTicketRow, queueOf, ticketRow } from './tickets.fixtures';

// Server-behaviour 1.4: who may open one ticket. The client turns the 403 into "tickets.toasts.unauthorized".
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

type Ticket = Awaited<ReturnType<typeof buildTicketRow>>;

/** Every read of one ticket the chat screen makes, each answering the same visibility. */
const readsOf = (t: Ticket) => [
  `/tickets/${t.id}`,
  `/tickets/u/${t.uuid}`,
  `/messages/${t.id}`,
  `/ticket-notes/list?ticketId=${t.id}&contactId=${t.contactId}`,
];

async function expectReads(token: string, ticket: Ticket, status: 200 | 403) {
  for (const path of readsOf(ticket)) {
    const answer = await server.call('GET', path, { token });
    expect(answer.status, `GET ${path}`).toBe(status);
    if (status === 403) expect(answer.body.error, `GET ${path}`).toBe('ERR_NO_PERMISSION');
  }
}

/** A company with two queues, a ticket in each, one without queue, and an agent of the first queue. */
async function visibilityWorld(allTicket: 'enabled' | 'desabled' = 'desabled') {
  const session = await buildAdminSession(server);
  const sales = await queueOf(server, session.company.id);
  const support = await queueOf(server, session.company.id);
  const agent = await agentIn(server, session.company, [sales.id], { allTicket });
  return {
    ...session,
    agent,
    inMyQueue: await buildTicketRow(server, session.company.id, { queueId: sales.id, messages: ['oi'] }),
    otherQueue: await buildTicketRow(server, session.company.id, { queueId: support.id, messages: ['oi'] }),
    noQueue: await buildTicketRow(server, session.company.id, { messages: ['oi'] }),
    mineInOtherQueue: await buildTicketRow(server, session.company.id, {
      status: 'open',
      userId: agent.id,
      queueId: support.id,
      messages: ['oi'],
    }),
  };
}

describe('opening one ticket', () => {
  it('lets an admin open every ticket of the company', async () => {
    const w = await visibilityWorld();
    for (const ticket of [w.inMyQueue, w.otherQueue, w.noQueue, w.mineInOtherQueue]) {
      await expectReads(w.token, ticket, 200);
    }
  });

  it('lets an agent open tickets of their queues and their own, and refuses the others with 403', async () => {
    const w = await visibilityWorld();
    await expectReads(w.agent.token, w.inMyQueue, 200);
    await expectReads(w.agent.token, w.mineInOtherQueue, 200);
    await expectReads(w.agent.token, w.otherQueue, 403);
    await expectReads(w.agent.token, w.noQueue, 403);
  });

  it('opens tickets without queue to an agent whose allTicket is enabled, not those of other queues', async () => {
    const w = await visibilityWorld('enabled');
    await expectReads(w.agent.token, w.noQueue, 200);
    await expectReads(w.agent.token, w.otherQueue, 403);
  });

  it('gives a supervisor no admin view: tickets outside their queues are refused', async () => {
    const w = await visibilityWorld();
    const supervisor = await login(server, await buildUser(server, w.company, { profile: 'supervisor' }));
    await expectReads(supervisor.token, w.otherQueue, 403);
  });

  it('refuses changes to a ticket the agent may not see, and leaves it as it was', async () => {
    const w = await visibilityWorld();
    const accept = await server.call('PUT', `/tickets/${w.otherQueue.id}`, {
      token: w.agent.token,
      body: { status: 'open', userId: w.agent.id },
    });
    expect(accept.status).toBe(403);
    expect(accept.body.error).toBe('ERR_NO_PERMISSION');
    const send = await server.call('POST', `/messages/${w.noQueue.id}`, {
      token: w.agent.token,
      body: { body: 'olá' },
    });
    expect(send.status).toBe(403);
    const tags = await server.call('POST', '/tags/sync', {
      token: w.agent.token,
      body: { ticketId: w.otherQueue.id, tags: [] },
    });
    expect(tags.status).toBe(403);
    expect(await ticketRow(server, w.company.id, w.otherQueue.id)).toMatchObject({
      status: 'pending',
      userId: null,
    });
  });

  it('refuses an agent once their queue is taken away', async () => {
    const w = await visibilityWorld();
    await expectReads(w.agent.token, w.inMyQueue, 200);
    const removed = await server.call('PUT', `/users/${w.agent.id}`, {
      token: w.token,
      body: { queueIds: [] },
    });
    expect(removed.status).toBe(200);
    // Roles and queues are re-read from the database, with a cache of at most 30 s (server-behaviour 2.1).
    const deadline = Date.now() + 31_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await server.call('GET', `/tickets/${w.inMyQueue.id}`, { token: w.agent.token })).status;
      if (status === 403) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(403);
  }, 40_000);
});
