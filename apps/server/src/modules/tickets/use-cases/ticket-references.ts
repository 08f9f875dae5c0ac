import { AppError } from '../../../platform/http/app-error';
import type { TenantTx } from '../../../platform/tenancy';

/** Ids a ticket body names must be the company's: any other answers 404 like a missing one (server-behaviour 1.3). */
export async function checkTicketReferences(
  tx: TenantTx,
  refs: {
    queueId?: number | null;
    userId?: number | null;
    whatsappId?: number | null;
    promptId?: number | null;
    integrationId?: number | null;
  },
): Promise<void> {
  if (refs.queueId && !(await exists(tx, 'queues', refs.queueId))) throw AppError.notFound();
  if (refs.userId && !(await exists(tx, 'users', refs.userId))) throw AppError.notFound('ERR_NO_USER_FOUND');
  if (refs.whatsappId && !(await exists(tx, 'whatsapps', refs.whatsappId))) {
    throw AppError.notFound('ERR_NO_WAPP_FOUND');
  }
  if (refs.promptId && !(await exists(tx, 'prompts', refs.promptId))) throw AppError.notFound();
  if (refs.integrationId && !(await exists(tx, 'queueIntegrations', refs.integrationId))) {
    throw AppError.notFound();
  }
}

async function exists(
  tx: TenantTx,
  table: 'queues' | 'users' | 'whatsapps' | 'prompts' | 'queueIntegrations',
  id: number,
): Promise<boolean> {
  const row = await tx.selectFrom(table).where('id', '=', id).select('id').executeTakeFirst();
  return row !== undefined;
}
