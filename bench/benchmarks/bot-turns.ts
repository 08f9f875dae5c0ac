// Bot turns (server-behaviour 8) over the fake OpenAI: a simulator connection whose prompt answers every
// customer. (1) One conversation at a time, after WARM_UP_TURNS reported apart: the total time per turn, from the
// turn queued (its row written by the inbound transaction) to the reply stored and the turn done; the fake model's
// own answer time (reading the request to answering it); and our own time, total minus the fake's. Also, for
// reference, the same from the customer's message on the simulated network (inbound pipeline included).
// (2) 200 conversations at once, two messages each: every customer message gets exactly one answer (none lost,
// none doubled).
import type pg from 'pg';
import type { Benchmark } from '../lib/benchmark';
import { BENCH_PASSWORD, createCompanyWithUsers } from '../lib/data';
import { summarize, type LoadResult } from '../lib/load';

const json = { 'content-type': 'application/json' };
const SEQUENTIAL_TURNS = 100;
/**
 * Turns run first on a freshly started server, and reported apart: its pool's connections are still being opened,
 * its hot statements not yet prepared on them, its code not yet compiled by the JIT. The measured turns are those
 * of a server that has been answering for a while, as a production one has.
 */
const WARM_UP_TURNS = 20;
/**
 * How often the bench looks for what it waits for. The figures are the database's own timestamps, so a slower
 * look changes none of them; a look every 5 ms was a join run 200 times a second on the two cores the turn
 * being measured shares with it.
 */
const POLL_MS = 25;
const CONVERSATIONS = 200;
const PROMPT_TEXT =
  'Você é a assistente virtual da empresa. Responda em uma frase curta e educada ao cliente.';

export const botTurnsBenchmark: Benchmark = {
  name: 'bot-turns',
  async run({ baseUrl, db, openAi, log }) {
    const company = await createCompanyWithUsers(db, 0);
    await db.query(
      'update plans set use_open_ai = true where id = (select plan_id from companies where id = $1)',
      [company.companyId],
    );
    const headers = { ...json, authorization: `Bearer ${await loginToken(baseUrl, company.admin.email)}` };
    const prompt = await post<{ id: number }>(baseUrl, headers, '/prompt', {
      name: 'Bench assistant',
      prompt: PROMPT_TEXT,
      apiKey: 'sk-bench-key',
      maxMessages: 10,
    });
    const connection = await connectSimulator(baseUrl, headers, prompt.id);
    const say = (phone: string, body: string) =>
      post(baseUrl, headers, `/simulator/connections/${connection}/inbound`, {
        from: phone,
        name: 'Cliente',
        body,
      });

    // (1) One turn at a time.
    const total: number[] = [];
    const fake: number[] = [];
    const own: number[] = [];
    const fromCustomer: number[] = [];
    const onPhone: number[] = [];
    const warmUp: number[] = [];
    let started = performance.now();
    for (let i = 0; i < WARM_UP_TURNS + SEQUENTIAL_TURNS; i++) {
      if (i === WARM_UP_TURNS) started = performance.now();
      const asked = openAi.answerMs.length;
      await say(phoneOf(i), `sequencial ${i}`);
      const [turn] = await waitForTurns(db, company.companyId, `sequencial ${i}`, 1);
      const fakeMs = openAi.answerMs.slice(asked).reduce((a, b) => a + b, 0);
      const phoneMs = (await waitForPhone(db, company.companyId, `sequencial ${i}`)) - fakeMs;
      if (i < WARM_UP_TURNS) {
        warmUp.push((turn?.queuedMs ?? 0) - fakeMs);
        continue;
      }
      total.push(turn?.queuedMs ?? 0);
      fake.push(fakeMs);
      own.push((turn?.queuedMs ?? 0) - fakeMs);
      fromCustomer.push((turn?.customerMs ?? 0) - fakeMs);
      onPhone.push(phoneMs);
    }
    const elapsed = performance.now() - started;
    const one = (name: string, values: number[]) =>
      summarize(name, 1, values, { '200': values.length }, values.length, elapsed);
    const results: LoadResult[] = [
      one(`bot turn, the first ${WARM_UP_TURNS} on the fresh server (not measured): OUR ms`, warmUp),
      one('bot turn, one at a time: total ms (turn queued → reply stored)', total),
      one("bot turn, one at a time: the fake model's answer ms", fake),
      one('bot turn, one at a time: OUR ms per turn (total − fake model)', own),
      one('bot turn, one at a time: customer message sent → reply stored (− fake model)', fromCustomer),
      one('bot turn, one at a time: customer message sent → reply on the phone (− fake model)', onPhone),
    ];

    // (2) 200 conversations at once, two rounds.
    for (const round of [1, 2]) {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONVERSATIONS }, (_, i) =>
          say(phoneOf(1000 + i), `conversa ${i} rodada ${round}`),
        ),
      );
      const latencies = (
        await waitForTurns(db, company.companyId, `conversa % rodada ${round}`, CONVERSATIONS)
      ).map((turn) => turn.queuedMs);
      const check = await answersCheck(db, company.companyId, round);
      log(`round ${round}: ${check}`);
      results.push(
        summarize(
          `bot turns, ${CONVERSATIONS} conversations at once (round ${round}; ms = queued → reply stored)`,
          CONVERSATIONS,
          latencies,
          { '200': latencies.length },
          latencies.length,
          performance.now() - t0,
        ),
      );
    }
    return results;
  },
};

const phoneOf = (i: number) => `5511977${String(i).padStart(6, '0')}`;

/**
 * Waits until `count` turns of messages like `body` are done; answers, in ms, their queued → done times and the
 * times from the customer's message on the simulated network to done.
 */
async function waitForTurns(
  db: pg.Pool,
  companyId: number,
  body: string,
  count: number,
): Promise<Array<{ queuedMs: number; customerMs: number }>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query<{ status: string; queued_ms: number; customer_ms: number }>(
      `select t.status, extract(epoch from (t.updated_at - t.created_at)) * 1000 as queued_ms,
              extract(epoch from (t.updated_at - s.created_at)) * 1000 as customer_ms
         from bot_turns t join messages m on m.id = t.message_id and m.company_id = t.company_id
         join simulator_messages s on s.company_id = m.company_id and s.whatsapp_id = m.whatsapp_id
                                  and s.external_id = m.wid and s.direction = 'in'
        where t.company_id = $1 and m.body like $2`,
      [companyId, body],
    );
    const done = rows.filter((r) => r.status === 'done' || r.status === 'failed');
    if (done.length >= count) {
      const failed = done.filter((r) => r.status === 'failed').length;
      if (failed > 0) throw new Error(`${failed} bot turns failed`);
      return done.map((r) => ({ queuedMs: Number(r.queued_ms), customerMs: Number(r.customer_ms) }));
    }
    if (Date.now() > deadline) throw new Error(`only ${done.length} of ${count} turns done for ${body}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until the simulated phone got the answer to `body`; answers ms from the customer's message to it. */
async function waitForPhone(db: pg.Pool, companyId: number, body: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await db.query<{ ms: number }>(
      `select extract(epoch from (o.created_at - s.created_at)) * 1000 as ms
         from simulator_messages s
         join simulator_messages o on o.company_id = s.company_id and o.whatsapp_id = s.whatsapp_id
                                  and o.peer = s.peer and o.direction = 'out' and o.body = 'Resposta: ' || s.body
        where s.company_id = $1 and s.direction = 'in' and s.body = $2`,
      [companyId, body],
    );
    const [row] = rows;
    if (row) return Number(row.ms);
    if (Date.now() > deadline) throw new Error(`the phone never got the answer to ${body}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Every customer message of the round has exactly one bot answer, and it answers that message. */
async function answersCheck(db: pg.Pool, companyId: number, round: number): Promise<string> {
  const { rows } = await db.query<{ asked: string; answers: string }>(
    `select c.body as asked,
            (select count(*) from messages b where b.company_id = c.company_id and b.ticket_id = c.ticket_id
                and b.origin = 'bot' and b.body = 'Resposta: ' || c.body) as answers
       from messages c
      where c.company_id = $1 and c.from_me = false and c.body like $2`,
    [companyId, `conversa % rodada ${round}`],
  );
  const lost = rows.filter((r) => Number(r.answers) === 0).length;
  const doubled = rows.filter((r) => Number(r.answers) > 1).length;
  if (rows.length !== CONVERSATIONS || lost > 0 || doubled > 0) {
    throw new Error(
      `round ${round}: ${rows.length} messages, ${lost} without answer, ${doubled} answered twice`,
    );
  }
  return `all ${CONVERSATIONS} customer messages answered exactly once`;
}

async function post<T>(
  baseUrl: string,
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<T> {
  const answer = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

async function loginToken(baseUrl: string, email: string): Promise<string> {
  const answer = await post<{ token: string }>(baseUrl, json, '/auth/login', {
    email,
    password: BENCH_PASSWORD,
  });
  return answer.token;
}

/** A simulator connection answered by the prompt, scanned by the fake phone and CONNECTED. */
async function connectSimulator(
  baseUrl: string,
  headers: Record<string, string>,
  promptId: number,
): Promise<number> {
  const { id } = await post<{ id: number }>(baseUrl, headers, '/whatsapp', {
    name: `Bench bots ${Date.now()}`,
    provider: 'simulator',
    promptId,
  });
  const deadline = Date.now() + 30_000;
  let scanned = false;
  while (Date.now() < deadline) {
    const status = (
      (await (await fetch(`${baseUrl}/whatsapp/${id}`, { headers })).json()) as { status: string }
    ).status;
    if (status === 'CONNECTED') return id;
    if (status === 'qrcode' && !scanned) {
      scanned = (
        await fetch(`${baseUrl}/simulator/connections/${id}/scan`, { method: 'POST', headers, body: '{}' })
      ).ok;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`connection ${id} never connected`);
}
