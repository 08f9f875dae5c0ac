import type { MessageView } from '@zapdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { asCompany, eventually } from '../../../test/messaging-fixtures';
import { customerWrites, cyclesOf, setCompanySetting, ticketWorld } from '../tickets/tickets.fixtures';

// Each message keeps the attendance cycle it was stored in, so the chat can mark where a conversation with
// the same (reused) ticket ended and the next began (spec 1 section 2; server-behaviour 5.1, 7.6).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  await server.listen();
  server.messaging.outbound.worker.retry.baseMs = 20;
});
afterAll(() => server.close());

describe('message cycles', () => {
  it('keeps the rating reply in the closed cycle and puts the next conversation in a new one', async () => {
    const world = await ticketWorld(server);
    await setCompanySetting(server, world.company.id, 'userRating', 'enabled');
    await asCompany(server, world.company.id, (tx) =>
      tx
        .updateTable('whatsapps')
        .set({ complationMessage: 'Até logo!' })
        .where('id', '=', world.connection.id)
        .execute(),
    );
    const ticket = await customerWrites(server, world, { text: 'Meu pedido atrasou' });
    const put = (body: Record<string, unknown>) =>
      server.call('PUT', `/tickets/${ticket.id}`, { token: world.token, body });
    expect((await put({ status: 'open', userId: world.admin.id })).status).toBe(200);
    const sent = await server.call('POST', `/messages/${ticket.id}`, {
      token: world.token,
      body: { body: 'Já verifico', fromMe: true },
    });
    expect(sent.status).toBe(200);
    expect((await put({ status: 'closed' })).status).toBe(200);
    await customerWrites(server, world, { number: ticket.number, text: '3' });
    await customerWrites(server, world, { number: ticket.number, text: 'Voltei com outra dúvida' });

    const messages = await eventually(async () => {
      const answer = await server.call('GET', `/messages/${ticket.id}`, { token: world.token });
      const list = (answer.body as { messages: MessageView[] }).messages;
      return list.length === 6 ? list : undefined;
    });
    const [first, second] = await cyclesOf(server, world.company.id, ticket.id);
    expect(first?.finishedAt).toBeInstanceOf(Date);
    expect(second?.finishedAt).toBeNull();
    expect(messages.map((m) => [m.body.split('\n')[0], m.cycleId])).toEqual([
      ['Meu pedido atrasou', first?.id],
      ['Já verifico', first?.id],
      ['Digite de 1 a 3: *1* - Insatisfeito, *2* - Satisfeito, *3* - Muito satisfeito', first?.id],
      ['3', first?.id],
      ['Até logo!', first?.id],
      ['Voltei com outra dúvida', second?.id],
    ]);
  });
});
