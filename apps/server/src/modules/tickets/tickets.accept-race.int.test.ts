import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  agentIn,
  customerWrites,
  cyclesOf,
  queueOf,
  setTicket,
  ticketRow,
  ticketWorld,
  type TicketWorld,
} from './tickets.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

const put = (token: string, id: number, body: Record<string, unknown>) =>
  server.call('PUT', `/tickets/${id}`, { token, body });

/** A pending ticket in a queue two agents serve, and the two agents. */
async function contestedTicket(world: TicketWorld) {
  const queue = await queueOf(server, world.company.id);
  const ana = await agentIn(server, world.company, [queue.id], { name: 'Ana' });
  const bruno = await agentIn(server, world.company, [queue.id], { name: 'Bruno' });
  const ticket = await customerWrites(server, world);
  await setTicket(server, world.company.id, ticket.id, { queueId: queue.id });
  return { queue, ana, bruno, ticket };
}

describe('PUT /tickets/:id accept by two agents', () => {
  it('lets only the first of two simultaneous accepts take the ticket; the other gets 409 ERR_TICKET_ALREADY_ACCEPTED', async () => {
    const world = await ticketWorld(server);
    // A few rounds so both arrival orders get played.
    for (let round = 0; round < 3; round++) {
      const { ana, bruno, ticket } = await contestedTicket(world);

      const answers = await Promise.all(
        [ana, bruno].map((agent) => put(agent.token, ticket.id, { status: 'open', userId: agent.id })),
      );

      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winnerIndex = answers.findIndex((a) => a.status === 200);
      const winner = [ana, bruno][winnerIndex]!;
      const loser = answers[1 - winnerIndex]!;
      expect(answers[winnerIndex]?.body).toMatchObject({ status: 'open', userId: winner.id });
      expect(loser.body).toMatchObject({ error: 'ERR_TICKET_ALREADY_ACCEPTED', userId: winner.id });
      const row = await ticketRow(server, world.company.id, ticket.id);
      expect(row).toMatchObject({ status: 'open', userId: winner.id });
      const cycles = await cyclesOf(server, world.company.id, ticket.id);
      const openCycles = cycles.filter((c) => c.finishedAt === null);
      expect(openCycles).toHaveLength(1);
      expect(openCycles[0]).toMatchObject({ userId: winner.id });
      expect(openCycles[0]?.startedAt).toBeInstanceOf(Date);
    }
  });

  it('refuses a later accept of a ticket another agent already holds, leaving it with its owner', async () => {
    const world = await ticketWorld(server);
    const { ana, bruno, ticket } = await contestedTicket(world);
    expect((await put(ana.token, ticket.id, { status: 'open', userId: ana.id })).status).toBe(200);

    const late = await put(bruno.token, ticket.id, { status: 'open', userId: bruno.id });
    const lateWithoutUser = await put(bruno.token, ticket.id, { status: 'open', userId: null });

    for (const answer of [late, lateWithoutUser]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: 'ERR_TICKET_ALREADY_ACCEPTED', userId: ana.id });
    }
    expect(await ticketRow(server, world.company.id, ticket.id)).toMatchObject({
      status: 'open',
      userId: ana.id,
    });
    const cycles = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ userId: ana.id, finishedAt: null });
  });

  it('still lets the owner accept again, an admin transfer the held ticket and another agent reopen it once closed', async () => {
    const world = await ticketWorld(server);
    const { queue, ana, bruno, ticket } = await contestedTicket(world);
    await put(ana.token, ticket.id, { status: 'open', userId: ana.id });

    const again = await put(ana.token, ticket.id, { status: 'open', userId: ana.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'open', userId: ana.id });

    const transfer = await put(world.token, ticket.id, {
      userId: bruno.id,
      queueId: queue.id,
      whatsappId: world.connection.id,
    });
    expect(transfer.status).toBe(200);
    expect(transfer.body).toMatchObject({ status: 'open', userId: bruno.id });

    expect((await put(bruno.token, ticket.id, { status: 'closed' })).status).toBe(200);
    const reopen = await put(ana.token, ticket.id, { status: 'open', userId: ana.id, queueId: queue.id });
    expect(reopen.status).toBe(200);
    expect(reopen.body).toMatchObject({ status: 'open', userId: ana.id });
    const cycles = await cyclesOf(server, world.company.id, ticket.id);
    expect(cycles.filter((c) => c.finishedAt === null)).toEqual([
      expect.objectContaining({ userId: ana.id }),
    ]);
  });
});
