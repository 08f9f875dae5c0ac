import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PromptsTable } from '../../platform/db/schema';
import { StatementTemplate } from '../../platform/db/statement-template';
import { AppError } from '../../platform/http/app-error';
import type { TenantTx } from '../../platform/tenancy';

export type PromptRow = Selectable<PromptsTable>;
export type PromptWithQueue = PromptRow & { queueName: string | null };

function withQueue(tx: TenantTx) {
  return tx
    .selectFrom('prompts')
    .leftJoin('queues', 'queues.id', 'prompts.queueId')
    .selectAll('prompts')
    .select('queues.name as queueName');
}

/** Every prompt of the company, by name (the page shows them all: `hasMore` is always false). */
export function listPromptRows(tx: TenantTx): Promise<PromptWithQueue[]> {
  return withQueue(tx)
    .orderBy((eb) => eb.fn('lower', ['prompts.name']))
    .orderBy('prompts.id')
    .execute();
}

/** One prompt of the company; another company's id is a 404 like a missing one. */
export async function getPrompt(tx: TenantTx, id: number): Promise<PromptWithQueue> {
  const row = await withQueue(tx).where('prompts.id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row;
}

export async function findPrompt(tx: TenantTx, id: number): Promise<PromptRow | undefined> {
  const [row] = await promptById.run(tx, { id });
  return row;
}

/** One prompt, as a template: a bot turn reads it together with the rest of its input (StatementTemplate.all). */
export const promptById = new StatementTemplate((tx, args: { id: number }) =>
  tx.selectFrom('prompts').where('id', '=', args.id).selectAll(),
);

export async function insertPrompt(
  tx: TenantTx,
  values: Omit<Insertable<PromptsTable>, 'companyId'>,
): Promise<number> {
  const row = await tx
    .insertInto('prompts')
    .values({ ...values, companyId: tx.companyId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePromptRow(
  tx: TenantTx,
  id: number,
  changes: Updateable<PromptsTable>,
): Promise<void> {
  const result = await tx
    .updateTable('prompts')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw AppError.notFound();
}

/** True while a queue or a connection answers with the prompt. */
export async function promptInUse(tx: TenantTx, id: number): Promise<boolean> {
  const queue = await tx.selectFrom('queues').where('promptId', '=', id).select('id').executeTakeFirst();
  if (queue) return true;
  const connection = await tx
    .selectFrom('whatsapps')
    .where('promptId', '=', id)
    .select('id')
    .executeTakeFirst();
  return connection !== undefined;
}

export async function deletePromptRow(tx: TenantTx, id: number): Promise<boolean> {
  const result = await tx.deleteFrom('prompts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The company's queue with this id, if any (the transfer target must be one of the company's queues). */
export async function queueExists(tx: TenantTx, queueId: number): Promise<boolean> {
  const row = await tx.selectFrom('queues').where('id', '=', queueId).select('id').executeTakeFirst();
  return row !== undefined;
}
