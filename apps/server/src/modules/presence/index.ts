import type { AppContext } from '../../platform/context';
import { presenceSweepJob } from './presence-sweep.job';

export { PRESENCE_SWEEP_JOB, sweepStalePresence } from './presence-sweep.job';

/** Every minute, users whose web app stopped pinging go offline. */
export function registerPresenceJobs(ctx: AppContext): void {
  const job = presenceSweepJob(ctx);
  ctx.jobs.register(job);
  ctx.jobs.schedule(job.name, '* * * * *');
}
