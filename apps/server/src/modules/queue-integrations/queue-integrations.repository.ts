import type { Insertable, Selectable, Updateable } from 'kysely';
import type { QueueIntegrationsTable } from '../../platform/db/schema';
import { StatementTemplate } from '../../platform/db/statement-template';
import { textContains } from '../../platform/db/search';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type IntegrationRow = Selectable<QueueIntegrationsTable>;
export type IntegrationValues = Omit<Insertable<QueueIntegrationsTable>, 'companyId'>;

/** A page of integrations whose name contains `search`, by name. */
export async function pageIntegrations(
  tx: TenantTx,
  page: { search: string; limit: number; offset: number },
): Promise<{ rows: IntegrationRow[]; count: number }> {
  const query = tx
    .selectFrom('queueIntegrations')
    .$if(page.search !== '', (q) => q.where(textContains('queueIntegrations.name', page.search)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy((eb) => eb.fn('lower', ['queueIntegrations.name']))
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, count: Number(total.count) };
}

export async function findIntegration(tx: TenantTx, id: number): Promise<IntegrationRow | undefined> {
  const [row] = await integrationById.run(tx, { id });
  return row;
}

/** One integration, as a template: a bot turn reads it together with the rest of its input (StatementTemplate.all). */
export const integrationById = new StatementTemplate((tx, args: { id: number }) =>
  tx.selectFrom('queueIntegrations').where('id', '=', args.id).selectAll(),
);

/** One integration of the company; another company's id is a 404 like a missing one. */
export async function getIntegration(tx: TenantTx, id: number): Promise<IntegrationRow> {
  const row = await findIntegration(tx, id);
  if (!row) throw AppError.notFound();
  return row;
}

export function insertIntegration(tx: TenantTx, values: IntegrationValues): Promise<IntegrationRow> {
  return tx
    .insertInto('queueIntegrations')
    .values({ ...values, companyId: tx.companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateIntegrationRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<QueueIntegrationsTable>,
): Promise<IntegrationRow> {
  const row = await tx
    .updateTable('queueIntegrations')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

/** True while a queue or a connection hands its tickets to the integration. */
export async function integrationInUse(tx: TenantTx, id: number): Promise<boolean> {
  const queue = await tx.selectFrom('queues').where('integrationId', '=', id).select('id').executeTakeFirst();
  if (queue) return true;
  const connection = await tx
    .selectFrom('whatsapps')
    .where('integrationId', '=', id)
    .select('id')
    .executeTakeFirst();
  return connection !== undefined;
}

export async function deleteIntegrationRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('queueIntegrations').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
