import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import { periodicSweepJob } from '../../../platform/jobs/define-job';

export const SEARCH_COMMON_KEYS_JOB = 'search-common-keys';

/**
 * Copies which history-search keys ANALYZE found common, so searches skip their long posting lists (migration
 * 2026112297). Answers how many keys are common.
 */
export async function refreshSearchCommonKeys(ctx: AppContext): Promise<number> {
  return ctx.scopes.asSystem(async (tx) => {
    const { rows } = await sql<{ copied: number }>`select refresh_search_common_keys() as copied`.execute(
      tx.db,
    );
    return rows[0]?.copied ?? 0;
  });
}

export function searchCommonKeysJob(ctx: AppContext) {
  return periodicSweepJob(SEARCH_COMMON_KEYS_JOB, () => refreshSearchCommonKeys(ctx));
}
