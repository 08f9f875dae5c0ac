import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import { periodicSweepJob } from '../../../platform/jobs/define-job';

/** Finished bot turns (done or failed) are kept this many days for support, then purged. */
export const BOT_TURNS_KEEP_DAYS = 7;
export const BOT_TURNS_PURGE_JOB = 'bot-turns-purge';
/** Rows per delete statement: short statements, so a big backlog never holds locks for long. */
const PURGE_BATCH = 5000;
/** Statements per run at most; the next hourly run goes on where this one stopped. */
const MAX_BATCHES = 100;

/**
 * Deletes the finished turns of every company last written before the cutoff, oldest first, in batches. Pending
 * and running turns are never touched, however old (a stale claim is released by the worker, not purged).
 * Answers how many rows went.
 */
export async function purgeFinishedBotTurns(
  ctx: AppContext,
  now = new Date(),
  keepDays = BOT_TURNS_KEEP_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 60 * 60_000);
  let purged = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    // One statement across tenants on purpose: a sweep is not any one company's work.
    const deleted = await ctx.scopes.asSystem(async (tx) => {
      const result = await sql`
        delete from bot_turns where id in (
          select id from bot_turns
           where status in ('done', 'failed') and updated_at < ${cutoff}
           order by id
           limit ${sql.lit(PURGE_BATCH)})`.execute(tx.db);
      return Number(result.numAffectedRows ?? 0n);
    });
    purged += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  if (purged > 0) ctx.log.info({ purged, keepDays }, 'finished bot turns purged');
  return purged;
}

/** Every hour, on worker nodes (the jobs' scheduler), old finished turns go. */
export function registerBotTurnsPurgeJob(ctx: AppContext): void {
  const job = periodicSweepJob(BOT_TURNS_PURGE_JOB, () => purgeFinishedBotTurns(ctx));
  ctx.jobs.register(job);
  ctx.jobs.schedule(job.name, '41 * * * *');
}
