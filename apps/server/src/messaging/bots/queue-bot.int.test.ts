import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { connectSocket } from '../../../test/socket-client';
import { botSetup, closedAllWeek } from './bots.fixtures';

// End to end with the simulated phone: the customer writes, the pipeline's bot answers (server-behaviour 7.2–7.5).
let server: TestServer;
let baseUrl: string;
beforeAll(async () => {
  server = await startTestServer({ SIMULATOR_ACK_MS: '20,40', SESSIONS_AUTOSTART: 'off' });
  baseUrl = await server.listen();
});
afterAll(() => server.close());

const INVALID = 'Opção inválida, escolha uma das opções abaixo.';

describe('the main menu', () => {
  it('greets with the numbered queues, rendering variables, and assigns the chosen queue', async () => {
    const bot = await botSetup(server, {
      connection: {
        greetingMessage: '{{ms}}, {{firstName}}! Protocolo {{protocol}} às {{hora}}. {{nada}}Escolha:',
      },
    });
    const sales = await bot.addQueue({
      name: 'Vendas',
      orderQueue: 2,
      greetingMessage: 'Vendas aqui, {{name}}.',
    });
    const support = await bot.addQueue({ name: 'Suporte', orderQueue: 1 });
    const socket = await connectSocket(baseUrl, bot.token);
    await socket.socket.emitWithAck('joinNotification');
    const c = bot.customer();

    const [greeting] = await c.say('Olá');
    const ticket = await c.ticket();
    const menu = '*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';
    const greetingPattern = `(Bom dia|Boa tarde|Boa noite|Boa madrugada), Beatriz! Protocolo \\d{14}${ticket.id} às \\d\\d:\\d\\d:\\d\\d\\. Escolha:\\n\\n${escape(menu)}`;
    expect(greeting).toMatch(new RegExp(`^${greetingPattern}$`));
    expect(await c.received(1)).toEqual([greeting]);

    const afterInvalid = await c.say('9');
    expect(afterInvalid).toHaveLength(2);
    expect(afterInvalid[1]).toMatch(new RegExp(`^${escape(INVALID)}\\n\\n${greetingPattern}$`));

    expect(await c.say('2')).toHaveLength(3);
    expect(await c.received(3)).toEqual([...afterInvalid, 'Vendas aqui, Beatriz Lima.']);
    const assigned = await c.ticket();
    expect(assigned).toMatchObject({ queueId: sales.id, status: 'pending', chatbot: false, userId: null });
    const [cycle] = await c.cycles(ticket.id);
    expect(cycle).toMatchObject({ queueId: sales.id, menuSends: 2 });
    expect(cycle?.queuedAt.getTime()).toBeGreaterThan(ticket.createdAt.getTime());
    await eventuallyEvent(socket, `company-${bot.company.id}-ticket`, (e) => e.ticket?.queueId === sales.id);
    expect(support.id).not.toBe(sales.id);
    socket.close();
  });

  it("sends a picked queue's greeting followed by its media", async () => {
    const bot = await botSetup(server, { connection: { greetingMessage: 'Menu' } });
    const stored = await server.messaging.outbound.storage.save(
      bot.company.id,
      'queues',
      'tabela.pdf',
      Buffer.from('%PDF'),
    );
    const queue = await bot.addQueue({ name: 'Preços', greetingMessage: 'Segue a tabela.' });
    await bot.addQueue({ name: 'Zeta' });
    await bot.run((tx) =>
      tx
        .updateTable('queues')
        .set({ mediaPath: stored.relativePath, mediaName: stored.fileName })
        .where('id', '=', queue.id)
        .execute(),
    );
    const c = bot.customer();
    await c.say('oi');
    expect((await c.say('1')).slice(1)).toEqual(['Segue a tabela.', stored.fileName]);
    const media = (await c.rows()).at(-1);
    expect(media).toMatchObject({
      mediaType: 'application',
      mediaPath: stored.relativePath,
      isAutomatic: true,
      origin: 'bot',
    });
    expect(await c.received(3)).toHaveLength(3);
  });

  it('sends the connection greeting before a single queue only when sendGreetingMessageOneQueues is enabled', async () => {
    for (const setting of ['enabled', 'disabled']) {
      const bot = await botSetup(server, {
        connection: { greetingMessage: 'Bem-vindo, {{firstName}}!' },
        settings: { sendGreetingMessageOneQueues: setting },
      });
      const only = await bot.addQueue({ name: 'Único', greetingMessage: 'Fila única.' });
      const c = bot.customer();
      const expected = setting === 'enabled' ? ['Bem-vindo, Beatriz!', 'Fila única.'] : ['Fila única.'];
      expect(await c.say('oi')).toEqual(expected);
      expect(await c.received(expected.length)).toEqual(expected);
      expect((await c.ticket()).queueId).toBe(only.id);
    }
  });

  it('greets once per cycle on a connection without queues', async () => {
    const bot = await botSetup(server, {
      connection: { greetingMessage: 'Olá, {{firstName}}! Já respondemos.' },
    });
    const c = bot.customer('Zé');
    expect(await c.say('oi')).toEqual(['Olá, Zé! Já respondemos.']);
    expect(await c.say('alô')).toEqual(['Olá, Zé! Já respondemos.']);
    const ticket = await c.ticket();
    await bot.run((tx) =>
      tx.updateTable('tickets').set({ status: 'closed' }).where('id', '=', ticket.id).execute(),
    );
    expect(await c.say('voltei')).toEqual(['Olá, Zé! Já respondemos.', 'Olá, Zé! Já respondemos.']);
    expect(await c.received(2)).toHaveLength(2);
    expect(await c.cycles(ticket.id)).toHaveLength(2);
  });

  it('goes silent after maxUseBotQueues menus without a valid choice', async () => {
    const bot = await botSetup(server, { connection: { greetingMessage: 'Menu', maxUseBotQueues: 2 } });
    await bot.addQueue({ name: 'A' });
    await bot.addQueue({ name: 'B' });
    const c = bot.customer();
    await c.say('oi');
    expect(await c.say('x')).toHaveLength(2);
    expect(await c.say('y')).toHaveLength(2);
    expect(await c.say('z')).toHaveLength(2);
    // "#" resets the counter and shows the menu again.
    expect(await c.say('#')).toEqual([
      'Menu\n\n*[ 1 ]* - A\n*[ 2 ]* - B',
      `${INVALID}\n\nMenu\n\n*[ 1 ]* - A\n*[ 2 ]* - B`,
      'Menu\n\n*[ 1 ]* - A\n*[ 2 ]* - B',
    ]);
    expect(await c.received(3)).toHaveLength(3);
  });

  it('keeps quiet on invalid replies within timeUseBotQueues minutes of the last menu', async () => {
    const bot = await botSetup(server, {
      connection: { greetingMessage: 'Menu', timeUseBotQueues: 5, maxUseBotQueues: 0 },
    });
    await bot.addQueue({ name: 'A' });
    await bot.addQueue({ name: 'B' });
    const c = bot.customer();
    await c.say('oi');
    expect(await c.say('x')).toHaveLength(1);
    const ticket = await c.ticket();
    await bot.run((tx) =>
      tx
        .updateTable('ticketTracking')
        .set({ chatbotAt: new Date(Date.now() - 6 * 60_000) })
        .where('ticketId', '=', ticket.id)
        .execute(),
    );
    const answered = await c.say('x');
    expect(answered).toHaveLength(2);
    expect(answered[1]?.startsWith(INVALID)).toBe(true);
  });
});

describe('queue options', () => {
  it('walks a two-level tree with invalid choices, "0", a single child entered automatically, a leaf and "#"', async () => {
    const bot = await botSetup(server, {
      connection: { greetingMessage: 'Escolha o setor', maxUseBotQueues: 0 },
    });
    const sales = await bot.addQueue({ name: 'Vendas', greetingMessage: 'Vendas, {{firstName}}:' });
    await bot.addQueue({ name: 'Outros' });
    const plans = await bot.addOption(sales.id, null, '1', 'Planos', 'Nossos planos:');
    await bot.addOption(sales.id, plans.id, '1', 'Básico', 'O básico custa 10.');
    await bot.addOption(sales.id, plans.id, '2', 'Pro', 'O pro custa 20.');
    const human = await bot.addOption(sales.id, null, '2', 'Atendente', 'Falar com atendente');
    const wait = await bot.addOption(
      sales.id,
      human.id,
      '1',
      'Fila',
      'Aguarde, {{firstName}}, um atendente já vem.',
    );
    const c = bot.customer();
    const main = 'Escolha o setor\n\n*[ 1 ]* - Outros\n*[ 2 ]* - Vendas';
    const root = 'Vendas, Beatriz:\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Atendente\n*[ # ]* - Menu inicial';
    const plansMenu =
      'Nossos planos:\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Pro\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';
    const humanMenu = 'Falar com atendente\n\n*[ 1 ]* - Fila\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';

    expect(await c.say('oi')).toEqual([main]);
    expect((await c.say('2')).slice(1)).toEqual([root]);
    expect(await c.ticket()).toMatchObject({ queueId: sales.id, chatbot: true, queueOptionId: null });
    expect((await c.say('1')).slice(2)).toEqual([plansMenu]);
    expect(await c.ticket()).toMatchObject({ chatbot: true, queueOptionId: plans.id });
    expect((await c.say('7')).slice(3)).toEqual([plansMenu]);
    expect((await c.say('0')).slice(4)).toEqual([root]);
    expect(await c.ticket()).toMatchObject({ chatbot: true, queueOptionId: null });
    expect((await c.say('2')).slice(5)).toEqual([humanMenu]);
    // The only child is entered whatever the customer writes; it is a leaf, so the bot stops.
    expect((await c.say('ok')).slice(6)).toEqual(['Aguarde, Beatriz, um atendente já vem.']);
    expect(await c.ticket()).toMatchObject({ queueId: sales.id, chatbot: false, queueOptionId: null });
    expect(await c.say('alô?')).toHaveLength(7);
    expect(await c.received(7)).toEqual([
      main,
      root,
      plansMenu,
      plansMenu,
      root,
      humanMenu,
      'Aguarde, Beatriz, um atendente já vem.',
    ]);

    expect((await c.say('#')).slice(7)).toEqual([main]);
    expect(await c.ticket()).toMatchObject({ queueId: null, chatbot: false, queueOptionId: null });
    const cycles = await c.cycles((await c.ticket()).id);
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ menuSends: 1, queueId: null });
    expect(wait.id).toBeGreaterThan(0);
  });

  it('counts option menus towards maxUseBotQueues', async () => {
    const bot = await botSetup(server, { connection: { greetingMessage: 'Menu', maxUseBotQueues: 3 } });
    const queue = await bot.addQueue({ name: 'Única', greetingMessage: 'Opções:' });
    await bot.addOption(queue.id, null, '1', 'Um', 'Primeira');
    const c = bot.customer();
    expect(await c.say('oi')).toEqual(['Opções:\n\n*[ 1 ]* - Um\n*[ # ]* - Menu inicial']);
    expect(await c.say('x')).toHaveLength(2);
    expect(await c.say('y')).toHaveLength(3);
    expect(await c.say('z')).toHaveLength(3);
    expect(await c.say('1')).toEqual([
      'Opções:\n\n*[ 1 ]* - Um\n*[ # ]* - Menu inicial',
      'Opções:\n\n*[ 1 ]* - Um\n*[ # ]* - Menu inicial',
      'Opções:\n\n*[ 1 ]* - Um\n*[ # ]* - Menu inicial',
      'Primeira',
    ]);
  });
});

describe('service hours', () => {
  it('company mode: out of hours the connection answers once an hour and the ticket stays pending', async () => {
    const bot = await botSetup(server, {
      connection: { greetingMessage: 'Menu', outOfHoursMessage: 'Fechados agora, {{firstName}}.' },
      settings: { scheduleType: 'company' },
    });
    await bot.run((tx) =>
      tx
        .unscoped()
        .updateTable('companies')
        .set({ schedules: JSON.stringify(closedAllWeek) })
        .where('id', '=', bot.company.id)
        .execute(),
    );
    await bot.addQueue({ name: 'A' });
    await bot.addQueue({ name: 'B' });
    const c = bot.customer();
    expect(await c.say('oi')).toEqual(['Fechados agora, Beatriz.']);
    expect(await c.say('1')).toEqual(['Fechados agora, Beatriz.']);
    expect(await c.ticket()).toMatchObject({ status: 'pending', queueId: null });
    const ticket = await c.ticket();
    await bot.run((tx) =>
      tx
        .updateTable('ticketTracking')
        .set({ lastOutOfHoursAt: new Date(Date.now() - 61 * 60_000) })
        .where('ticketId', '=', ticket.id)
        .execute(),
    );
    expect(await c.say('alguém?')).toHaveLength(2);
    expect(await c.received(2)).toEqual(['Fechados agora, Beatriz.', 'Fechados agora, Beatriz.']);
  });

  it('queue mode: a closed queue answers its hours from the menu, and once an hour to a ticket in it', async () => {
    const bot = await botSetup(server, {
      connection: { greetingMessage: 'Menu' },
      settings: { scheduleType: 'queue' },
    });
    await bot.addQueue({ name: 'Aberta', greetingMessage: 'Bem-vindo' });
    const closed = await bot.addQueue({
      name: 'Fechada',
      outOfHoursMessage: 'Fila fechada, {{firstName}}.',
      schedules: closedAllWeek,
    });
    const c = bot.customer();
    await c.say('oi');
    expect((await c.say('2')).slice(1)).toEqual(['Fila fechada, Beatriz.\n\n*[ # ]* - Menu inicial']);
    const ticket = await c.ticket();
    expect(ticket.queueId).toBeNull();

    await bot.run((tx) =>
      tx.updateTable('tickets').set({ queueId: closed.id }).where('id', '=', ticket.id).execute(),
    );
    expect((await c.say('olá')).slice(2)).toEqual(['Fila fechada, Beatriz.']);
    expect(await c.say('olá?')).toHaveLength(3);
    expect(await c.received(3)).toEqual([
      'Menu\n\n*[ 1 ]* - Aberta\n*[ 2 ]* - Fechada',
      'Fila fechada, Beatriz.\n\n*[ # ]* - Menu inicial',
      'Fila fechada, Beatriz.',
    ]);
  });
});

describe('a closed queue without its own out-of-hours text', () => {
  it('answers a default naming its opening hours instead of a bare way back (issue 23)', async () => {
    const bot = await botSetup(server, {
      connection: { greetingMessage: 'Menu' },
      settings: { scheduleType: 'queue' },
    });
    await bot.addQueue({ name: 'Aberta' });
    await bot.addQueue({ name: 'Suporte', outOfHoursMessage: '', schedules: closedAllWeek });
    const c = bot.customer();
    await c.say('oi');
    const [answer] = (await c.say('2')).slice(1);
    expect(answer).toMatch(/^O atendimento de Suporte está fechado agora\.\nHorário de atendimento:\n/);
    expect(answer).toContain('Segunda-feira: fechado');
    expect(answer).toMatch(/\n\n\*\[ # \]\* - Menu inicial$/);
    expect((await c.ticket()).queueId).toBeNull();
  });
});

describe('the agent and the bot', () => {
  it('stays silent while an agent owns the ticket', async () => {
    const bot = await botSetup(server, { connection: { greetingMessage: 'Menu' } });
    await bot.addQueue({ name: 'A' });
    await bot.addQueue({ name: 'B' });
    const c = bot.customer();
    await c.say('oi');
    const ticket = await c.ticket();
    await bot.run((tx) =>
      tx
        .updateTable('tickets')
        .set({ userId: bot.admin.id, status: 'open' })
        .where('id', '=', ticket.id)
        .execute(),
    );
    expect(await c.say('#')).toHaveLength(1);
    expect(await c.say('2')).toHaveLength(1);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function eventuallyEvent(
  socket: { received(event: string): unknown[] },
  event: string,
  match: (payload: { action?: string; ticket?: { queueId?: number | null } }) => boolean,
) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = socket.received(event).find((e) => match(e as never));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${event} matching`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
