import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { RATING_PROMPT } from '../../modules/tickets';
import { botSetup } from './bots.fixtures';

// The customer's answer to a rating request (server-behaviour 7.6), end to end with the simulated phone.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '20,40', SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

/** A conversation an agent attended, closed with the rating asked `askedHoursAgo` hours ago. */
async function ratedConversation(askedHoursAgo = 0) {
  const bot = await botSetup(server, {
    connection: { ratingMessage: 'Avalie, {{firstName}}', complationMessage: 'Obrigado, {{firstName}}!' },
  });
  const c = bot.customer();
  expect(await c.say('oi')).toEqual([]);
  const ticket = await c.ticket();
  const askedAt = new Date(Date.now() - askedHoursAgo * 3_600_000);
  await bot.run(async (tx) => {
    await tx.updateTable('tickets').set({ status: 'closed' }).where('id', '=', ticket.id).execute();
    await tx
      .updateTable('ticketTracking')
      .set({
        userId: bot.admin.id,
        startedAt: askedAt,
        finishedAt: askedAt,
        ratingAt: askedAt,
        awaitingRating: true,
      })
      .where('ticketId', '=', ticket.id)
      .execute();
  });
  const ratings = () =>
    bot.run((tx) => tx.selectFrom('userRatings').where('ticketId', '=', ticket.id).selectAll().execute());
  return { bot, c, ticket, ratings };
}

const prompt = `Avalie, Beatriz\n\n${RATING_PROMPT}`;

describe('the rating reply', () => {
  it('records 1–3 for the cycle agent, sends the completion message and leaves the ticket closed', async () => {
    const { bot, c, ticket, ratings } = await ratedConversation();
    expect(await c.say(' 3 ')).toEqual(['Obrigado, Beatriz!']);
    expect(await c.received(1)).toEqual(['Obrigado, Beatriz!']);
    const [cycle] = await c.cycles(ticket.id);
    expect(await ratings()).toEqual([
      expect.objectContaining({ rate: 3, userId: bot.admin.id, trackingId: cycle?.id, ticketId: ticket.id }),
    ]);
    expect(cycle).toMatchObject({ rated: true, awaitingRating: false });
    expect(await c.cycles(ticket.id)).toHaveLength(1);
    expect(await c.ticket()).toMatchObject({ status: 'closed' });
    expect((await c.rows()).filter((m) => !m.fromMe).map((m) => m.body)).toEqual(['oi', ' 3 ']);
  });

  it('answers the rating an agent asked for by closing the ticket through the API', async () => {
    const bot = await botSetup(server, {
      connection: { ratingMessage: 'Como foi, {{firstName}}?', complationMessage: 'Até logo!' },
      settings: { userRating: 'enabled' },
    });
    const c = bot.customer();
    await c.say('oi');
    const ticket = await c.ticket();
    const put = (body: object) => server.call('PUT', `/tickets/${ticket.id}`, { token: bot.token, body });
    expect((await put({ status: 'open', userId: bot.admin.id })).status).toBe(200);
    expect((await put({ status: 'closed' })).status).toBe(200);
    const asked = `Como foi, Beatriz?\n\n${RATING_PROMPT}`;
    expect(await c.received(1)).toEqual([asked]);

    expect(await c.say('2')).toEqual([asked, 'Até logo!']);
    expect(await c.received(2)).toEqual([asked, 'Até logo!']);
    expect(await c.ticket()).toMatchObject({ status: 'closed' });
    const rows = await bot.run((tx) =>
      tx.selectFrom('userRatings').where('ticketId', '=', ticket.id).selectAll().execute(),
    );
    expect(rows).toEqual([expect.objectContaining({ rate: 2, userId: bot.admin.id })]);
  });

  it('asks again twice, then a third invalid reply abandons the rating and reopens the ticket', async () => {
    const { c, ticket, ratings } = await ratedConversation();
    expect(await c.say('5')).toEqual([prompt]);
    expect(await c.say('ótimo')).toEqual([prompt, prompt]);
    expect(await c.ticket()).toMatchObject({ status: 'closed' });
    expect((await c.cycles(ticket.id))[0]).toMatchObject({ ratingAsks: 2, awaitingRating: true });
    expect(await c.received(2)).toEqual([prompt, prompt]);

    expect(await c.say('nada')).toEqual([prompt, prompt]);
    expect(await c.ticket()).toMatchObject({ status: 'pending', userId: null });
    const cycles = await c.cycles(ticket.id);
    expect(cycles).toHaveLength(2);
    expect(cycles[0]).toMatchObject({ awaitingRating: false, rated: false });
    expect(cycles[1]).toMatchObject({ finishedAt: null, awaitingRating: false });
    expect(await ratings()).toEqual([]);
  });

  it('"#" or a reply after 24 hours starts a new conversation instead', async () => {
    for (const [hoursAgo, body] of [
      [0, '#'],
      [25, '2'],
    ] as const) {
      const { c, ticket, ratings } = await ratedConversation(hoursAgo);
      expect(await c.say(body)).toEqual([]);
      expect(await c.ticket()).toMatchObject({ status: 'pending' });
      const cycles = await c.cycles(ticket.id);
      expect(cycles).toHaveLength(2);
      expect(cycles[0]).toMatchObject({ awaitingRating: false });
      expect(await ratings()).toEqual([]);
    }
  });
});
