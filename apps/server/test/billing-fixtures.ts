import type { Recurrence } from '@zapdesk/contracts';
import { localDate, addDays } from '../src/platform/time/local-time';
import type { BuiltCompany } from './factories';
import type { TestServer } from './harness';

/** Today (yyyy-MM-dd) in the server's time zone, moved by `days`. */
export const localDay = (server: TestServer, days = 0): string =>
  addDays(localDate(server.ctx.config.timeZone), days);

/** Sets a company's billing terms directly, as a super user's edit would leave them. */
export async function setBillingTerms(
  server: TestServer,
  company: BuiltCompany,
  terms: { dueDate?: string | null; recurrence?: Recurrence; status?: boolean; planValue?: number },
): Promise<void> {
  await server.ctx.scopes.asSystem(async (tx) => {
    const { planValue, ...companyTerms } = terms;
    if (Object.keys(companyTerms).length > 0) {
      await tx.db.updateTable('companies').set(companyTerms).where('id', '=', company.id).execute();
    }
    if (planValue !== undefined) {
      await tx.db.updateTable('plans').set({ value: planValue }).where('id', '=', company.planId).execute();
    }
  });
  server.ctx.actors.invalidate();
}

/**
 * An invoice of the company, as the invoice job would store it. Another test file's job run may have issued the
 * company's invoice for that due date a moment before: then that row becomes this one.
 */
export async function buildInvoice(
  server: TestServer,
  company: BuiltCompany,
  options: { value?: number; dueDate?: string; status?: 'open' | 'paid'; detail?: string } = {},
): Promise<{ id: number; value: number; dueDate: string }> {
  return server.ctx.scopes.tenant(company.id).run((tx) =>
    tx
      .insertInto('invoices')
      .values({
        companyId: company.id,
        detail: options.detail ?? 'Plano de teste',
        value: options.value ?? 49,
        dueDate: options.dueDate ?? localDay(server, 5),
        status: options.status ?? 'open',
      })
      .onConflict((oc) =>
        oc.columns(['companyId', 'dueDate']).doUpdateSet((eb) => ({
          detail: eb.ref('excluded.detail'),
          value: eb.ref('excluded.value'),
          status: eb.ref('excluded.status'),
        })),
      )
      .returning(['id', 'value', 'dueDate'])
      .executeTakeFirstOrThrow(),
  );
}

/** The company's invoices and billing terms as stored. */
export async function billingState(server: TestServer, companyId: number) {
  return server.ctx.scopes.asSystem(async (tx) => ({
    company: await tx.db
      .selectFrom('companies')
      .where('id', '=', companyId)
      .select(['dueDate', 'status', 'recurrence'])
      .executeTakeFirstOrThrow(),
    invoices: await tx.db
      .selectFrom('invoices')
      .where('companyId', '=', companyId)
      .selectAll()
      .orderBy('dueDate')
      .execute(),
  }));
}
