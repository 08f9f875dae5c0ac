import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { periodicSweepJob } from '../../platform/jobs/define-job';

/** Keys folded per transaction: a run keeps going while there are more. */
const KEYS_PER_ROUND = 2_000;

/** The tables whose triggers append delta rows, with the function folding each (migrations 2026112280-81). */
const FOLDERS = ['compact_cycle_totals', 'compact_ticket_counts'] as const;

/**
 * Folds the delta rows that triggers appended to cycle_totals and ticket_counts into one row per key, for every
 * company. Answers how many keys were folded.
 */
export async function compactCounters(ctx: AppContext): Promise<number> {
  let total = 0;
  for (const folder of FOLDERS) {
    for (;;) {
      const folded = await ctx.scopes.asSystem(async (tx) => {
        const { rows } = await sql<{ folded: number }>`
          select ${sql.raw(folder)}(${KEYS_PER_ROUND}) as folded`.execute(tx.db);
        return rows[0]?.folded ?? 0;
      });
      total += folded;
      if (folded < KEYS_PER_ROUND) break;
    }
  }
  return total;
}

export const COUNTERS_COMPACTION_JOB = 'counters-compaction';

export function countersCompactionJob(ctx: AppContext) {
  return periodicSweepJob(COUNTERS_COMPACTION_JOB, () => compactCounters(ctx));
}
