import { z } from 'zod';
import type { AppContext } from '../../../platform/context';
import { defineJob, periodicSweepJob } from '../../../platform/jobs/define-job';
import { generateInvoices } from './generate-invoices';

export { generateInvoices, INVOICE_LEAD_DAYS } from './generate-invoices';

export const INVOICES_JOB = 'invoices';
export const COMPANY_INVOICES_JOB = 'invoices-of-company';

/** One company's invoice, right after its due date, plan or recurrence changed (sign-up included). */
const companyInvoicesJob = (ctx: AppContext) =>
  defineJob({
    name: COMPANY_INVOICES_JOB,
    payload: z.object({ companyId: z.number().int().positive() }),
    retryLimit: 3,
    expireInSeconds: 60,
    handler: async ({ companyId }) => {
      await generateInvoices(ctx, companyId);
    },
  });

/** Invoices at boot, every hour, and for a company whose billing terms changed (server-behaviour 9, 17.1). */
export function registerInvoiceJobs(ctx: AppContext): void {
  const sweep = periodicSweepJob(INVOICES_JOB, () => generateInvoices(ctx));
  ctx.jobs.register(sweep);
  ctx.jobs.schedule(sweep.name, '0 * * * *');
  ctx.jobs.sendAtStart(sweep.name);
  ctx.jobs.register(companyInvoicesJob(ctx));
}

/** Asks a worker for the company's invoice now (the port the companies module is handed). */
export async function requestCompanyInvoices(ctx: AppContext, companyId: number): Promise<void> {
  await ctx.jobs.send(COMPANY_INVOICES_JOB, { companyId });
}
