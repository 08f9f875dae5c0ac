import type { TicketsEnv } from '../ticket-messages.port';
import type { AppContext } from '../../../platform/context';
import { autoTransferJob } from './auto-transfer.job';
import { searchCommonKeysJob } from './search-common-keys.job';
import { ticketExpiryJob } from './ticket-expiry.job';

export { AUTO_TRANSFER_JOB, sweepAutoTransfers } from './auto-transfer.job';
export { TICKET_EXPIRY_JOB, sweepExpiredTickets } from './ticket-expiry.job';
export { SEARCH_COMMON_KEYS_JOB, refreshSearchCommonKeys } from './search-common-keys.job';

/**
 * Every minute: inactive tickets expire and waiting tickets move to the connection's transfer queue. Every ten
 * minutes the history search's common keys are copied from the statistics ANALYZE keeps.
 */
export function registerTicketJobs(ctx: AppContext, env: TicketsEnv): void {
  for (const job of [ticketExpiryJob(ctx, env), autoTransferJob(ctx, env)]) {
    ctx.jobs.register(job);
    ctx.jobs.schedule(job.name, '* * * * *');
  }
  const searchKeys = searchCommonKeysJob(ctx);
  ctx.jobs.register(searchKeys);
  ctx.jobs.schedule(searchKeys.name, '*/10 * * * *');
}
