import type { AppContext } from '../../platform/context';
import { cycleTotalsCompactionJob } from './cycle-totals-compaction.job';

export { registerDashboardRoutes } from './dashboard.routes';
export { compactCycleTotals, CYCLE_TOTALS_COMPACTION_JOB } from './cycle-totals-compaction.job';

/** Every minute, the cycle totals' delta rows are folded into one row per bucket. */
export function registerDashboardJobs(ctx: AppContext): void {
  const job = cycleTotalsCompactionJob(ctx);
  ctx.jobs.register(job);
  ctx.jobs.schedule(job.name, '* * * * *');
}
