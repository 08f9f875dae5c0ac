// `npm run bench [-- <name filter>]`: starts the built server once, runs every benchmark (each on its own
// company) and prints one table. Figures, not pass/fail; nothing in `npm test` runs this.
import fs from 'node:fs';
import path from 'node:path';
import { authUsersBenchmark } from './benchmarks/auth-users';
import { botTurnsBenchmark } from './benchmarks/bot-turns';
import { campaignDispatchBenchmark } from './benchmarks/campaign-dispatch';
import { chatLatencyBenchmark } from './benchmarks/chat-latency';
import { billingBenchmark } from './benchmarks/billing';
import { contactsImportBenchmark } from './benchmarks/contacts-import';
import { inboundPipelineBenchmark } from './benchmarks/inbound-pipeline';
import { kanbanDatasetBenchmark } from './benchmarks/kanban-dataset';
import { schedulesDueBenchmark } from './benchmarks/schedules-due';
import { ticketsDatasetBenchmark } from './benchmarks/tickets-dataset';
import type { Benchmark } from './lib/benchmark';
import type { LoadResult } from './lib/load';
import { pgProfileEnabled, pgProfileLines, resetPgProfile } from './lib/pg-profile';
import { formatTable, machineLine } from './lib/report';
import { repoRoot, startBenchServer } from './lib/server';

/** Add new benchmark files here (tickets, inbound pipeline, dashboard …). */
const benchmarks: Benchmark[] = [
  authUsersBenchmark,
  inboundPipelineBenchmark,
  contactsImportBenchmark,
  ticketsDatasetBenchmark,
  botTurnsBenchmark,
  campaignDispatchBenchmark,
  chatLatencyBenchmark,
  billingBenchmark,
  kanbanDatasetBenchmark,
  schedulesDueBenchmark,
];

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const chosen = benchmarks.filter((b) => filters.length === 0 || filters.some((f) => b.name.includes(f)));
  if (chosen.length === 0) throw new Error(`no benchmark matches ${filters.join(', ')}`);

  const log = (line: string) => console.log(`· ${line}`);
  log('building and starting the server');
  const bench = await startBenchServer();
  const results: LoadResult[] = [];
  try {
    log(`server on ${bench.server.baseUrl}`);
    for (const benchmark of chosen) {
      log(`benchmark ${benchmark.name}`);
      if (pgProfileEnabled) await resetPgProfile(bench.db);
      results.push(
        ...(await benchmark.run({
          baseUrl: bench.server.baseUrl,
          db: bench.db,
          server: bench.server,
          openAi: bench.openAi,
          log,
        })),
      );
      if (pgProfileEnabled) for (const line of await pgProfileLines(bench.db)) log(`pg ${line}`);
    }
  } finally {
    await bench.stop();
  }
  console.log(`\n${machineLine()}\n\n${formatTable(results)}\n`);
  const file = path.join(repoRoot, 'test-results', 'bench-results.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), machine: machineLine(), results }, null, 2),
  );
  console.log(`Figures saved in ${path.relative(process.cwd(), file)}`);
  if (results.some((r) => r.failed > 0)) console.log('Some requests failed: see the statuses column.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
