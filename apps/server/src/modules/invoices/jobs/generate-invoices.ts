import { sql } from 'kysely';
import { recurrenceMonths, recurrences } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import { addDays, localDate } from '../../../platform/time/local-time';

/** Invoices are issued this many days before the due date (server-behaviour 17.1). */
export const INVOICE_LEAD_DAYS = 20;

/** The recurrence's months as a parameterised CASE: MENSAL 1 … ANUAL 12. */
const monthsOfRecurrence = sql<number>`case ${sql.ref('companies.recurrence')} ${sql.join(
  recurrences.map((r) => sql`when ${r} then ${recurrenceMonths[r]}::int`),
  sql` `,
)} end`;

/**
 * Issues the missing invoices (server-behaviour 17.1): every active company with a plan and a due date less than
 * 20 days ahead gets `{detail: plan name, value: plan value × months, dueDate, status: open}` unless one exists for
 * (company, dueDate). One statement whose unique key makes it idempotent, however many nodes run it at once. An
 * open invoice not charged yet follows a new plan or recurrence. `companyId` limits it to one company. Answers how
 * many invoices were issued or updated.
 */
export async function generateInvoices(
  ctx: AppContext,
  companyId?: number,
  now = new Date(),
): Promise<number> {
  const horizon = addDays(localDate(ctx.config.timeZone, now), INVOICE_LEAD_DAYS);
  const written = await ctx.scopes.asSystem((tx) =>
    tx.db
      .insertInto('invoices')
      .columns(['companyId', 'detail', 'value', 'dueDate', 'status'])
      .expression((eb) =>
        eb
          .selectFrom('companies')
          .innerJoin('plans', 'plans.id', 'companies.planId')
          .where('companies.status', '=', true)
          .where('companies.dueDate', 'is not', null)
          .where('companies.dueDate', '<', sql<string>`${horizon}::date`)
          .$if(companyId !== undefined, (q) => q.where('companies.id', '=', companyId ?? 0))
          .select([
            'companies.id',
            'plans.name',
            sql<number>`plans.value * ${monthsOfRecurrence}`.as('value'),
            sql<string>`companies.due_date`.as('dueDate'),
            sql<string>`'open'`.as('status'),
          ]),
      )
      .onConflict((oc) =>
        oc
          .columns(['companyId', 'dueDate'])
          .doUpdateSet({
            detail: (eb) => eb.ref('excluded.detail'),
            value: (eb) => eb.ref('excluded.value'),
            updatedAt: new Date(),
          })
          .where('invoices.status', '=', 'open')
          .where('invoices.txid', 'is', null)
          .where((eb) =>
            eb.or([
              eb('invoices.value', '<>', eb.ref('excluded.value')),
              eb('invoices.detail', '<>', eb.ref('excluded.detail')),
            ]),
          ),
      )
      .returning('invoices.id')
      .execute(),
  );
  if (written.length > 0) ctx.log.info({ invoices: written.length, companyId }, 'invoices issued');
  return written.length;
}
