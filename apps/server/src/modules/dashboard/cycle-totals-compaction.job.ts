import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs/define-job';

/** Buckets folded per transaction: a run keeps going while there are more. */
const BUCKETS_PER_ROUND = 2_000;

/**
 * Folds the delta rows the cycle triggers appended to cycle_totals (migration 2026112280) into one row per bucket,
 * for every company. Answers how many buckets were folded.
 */
export async function compactCycleTotals(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const folded = await ctx.scopes.asSystem(async (tx) => {
      const { rows } = await sql<{ folded: number }>`
        select compact_cycle_totals(${BUCKETS_PER_ROUND}) as folded`.execute(tx.db);
      return rows[0]?.folded ?? 0;
    });
    total += folded;
    if (folded < BUCKETS_PER_ROUND) return total;
  }
}

export const CYCLE_TOTALS_COMPACTION_JOB = 'cycle-totals-compaction';

export function cycleTotalsCompactionJob(ctx: AppContext) {
  return defineJob({
    name: CYCLE_TOTALS_COMPACTION_JOB,
    payload: z.object({}),
    // The next minute folds again; a retry would only pile up behind it.
    retryLimit: 0,
    expireInSeconds: 60,
    policy: 'singleton',
    handler: async () => {
      await compactCycleTotals(ctx);
    },
  });
}
