import type { AppContext } from '../../platform/context';
import { itemsCheckJob } from './jobs/items-check.job';
import type { NumberLookup } from './number-lookup';

export { registerContactListsRoutes } from './contact-lists.routes';
export { itemsCheckPacing } from './jobs/items-check.job';
export type { NumberLookup, NumberLookupResult } from './number-lookup';

/** The background WhatsApp check of list items, through the number lookup handed in at wiring. */
export function registerContactListsJobs(ctx: AppContext, lookup: NumberLookup): void {
  ctx.jobs.register(itemsCheckJob(ctx, lookup));
}
