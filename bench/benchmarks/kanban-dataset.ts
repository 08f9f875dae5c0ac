// Issue 18, the kanban board over the tickets dataset (100,000 tickets, see tickets-dataset.ts): four of the
// company's tags become lanes, then the board's loads run under 10 concurrent clients: the lanes, the first page of
// cards for an admin (showAll) and for an agent (their queue ids). Target: p95 under 50 ms at 10 clients.
import type { Benchmark } from '../lib/benchmark';
import { loginToken } from '../lib/auth';
import { cpuPerUnit, cpuReader } from '../lib/cpu';
import { runLoad, type LoadResult } from '../lib/load';
import { seededOnce } from './tickets-dataset';

const CLIENTS = 10;
const REQUESTS = 1000;
const MAX_MS = 20_000;
const LANES = 4;

export const kanbanDatasetBenchmark: Benchmark = {
  name: 'kanban-dataset',
  async run({ baseUrl, db, server, log }) {
    const company = await seededOnce(db, server.dataDir, log);
    await db.query(
      `update tags set kanban = 1
        where id in (select id from tags where company_id = $1 order by id limit $2)`,
      [company.companyId, LANES],
    );
    const cards = await db.query<{ lane: number; open: number }>(
      `select count(distinct tt.ticket_id)::int as lane,
              (select count(*)::int from tickets where company_id = $1 and status in ('open', 'pending')) as open
         from ticket_tags tt join tags g on g.id = tt.tag_id join tickets t on t.id = tt.ticket_id
        where tt.company_id = $1 and g.kanban = 1 and t.status in ('open', 'pending')`,
      [company.companyId],
    );
    const row = cards.rows[0];
    log(`${LANES} lanes; ${row?.open ?? 0} pending and open tickets, ${row?.lane ?? 0} of them in a lane`);

    const agentEmail = company.userEmails[0];
    if (!agentEmail) throw new Error('the dataset has no agent');
    const agentId = company.userIds[0];
    const agentQueues = await db.query<{ queue_id: number }>(
      'select queue_id from user_queues where user_id = $1 order by queue_id',
      [agentId],
    );
    const queueIds = JSON.stringify(agentQueues.rows.map((r) => r.queue_id));
    const admin = { authorization: `Bearer ${await loginToken(baseUrl, company.admin.email)}` };
    const agent = { authorization: `Bearer ${await loginToken(baseUrl, agentEmail)}` };
    const loads = [
      { name: 'GET /tags/kanban (lanes)', path: '/tags/kanban', headers: admin },
      {
        name: 'GET /ticket/kanban showAll (admin)',
        path: '/ticket/kanban?pageNumber=1&showAll=true',
        headers: admin,
      },
      {
        name: 'GET /ticket/kanban queueIds (agent)',
        path: `/ticket/kanban?pageNumber=1&queueIds=${encodeURIComponent(queueIds)}`,
        headers: agent,
      },
    ];
    for (const load of loads) {
      const answer = await fetch(`${baseUrl}${load.path}`, { headers: load.headers });
      if (!answer.ok) throw new Error(`${load.name} answered ${answer.status}: ${await answer.text()}`);
    }
    const cpu = cpuReader(server);
    const results: LoadResult[] = [];
    for (const load of loads) {
      // Unmeasured first, as a long-running server has compiled its hot code.
      await runLoad({
        name: `${load.name} (warm-up)`,
        baseUrl,
        concurrency: CLIENTS,
        requests: 2000,
        maxDurationMs: 4000,
        request: () => ({ path: load.path, init: { headers: load.headers } }),
      });
      const before = cpu();
      const result = await runLoad({
        name: load.name,
        baseUrl,
        concurrency: CLIENTS,
        requests: REQUESTS,
        maxDurationMs: MAX_MS,
        warmup: 100,
        request: () => ({ path: load.path, init: { headers: load.headers } }),
      });
      log(
        `${load.name}: p95 ${result.p95.toFixed(1)} ms; CPU per request: ${cpuPerUnit(before, cpu(), result.sent + 100)}`,
      );
      results.push(result);
    }
    return results;
  },
};
