import type { AppContext } from '../../platform/context';
import { countersCompactionJob } from './counters-compaction.job';

export { registerDashboardRoutes } from './dashboard.routes';
export { compactCounters, COUNTERS_COMPACTION_JOB } from './counters-compaction.job';

/** Every minute, the delta rows of the dashboard's and the lists' counters are folded into one row per key. */
export function registerDashboardJobs(ctx: AppContext): void {
  const job = countersCompactionJob(ctx);
  ctx.jobs.register(job);
  ctx.jobs.schedule(job.name, '* * * * *');
}
