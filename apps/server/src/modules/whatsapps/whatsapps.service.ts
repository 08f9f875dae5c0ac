import {
  cloudCredentialKeys,
  type CreateWhatsappInput,
  type ListWhatsappsQuery,
  type UpdateWhatsappInput,
  type WhatsappView,
} from '@zapdesk/contracts';
import type { SessionControl } from './session-control.port';
import { isAdmin, type Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { relationsOf } from './whatsapp-relations.repository';
import { whatsappDeleted, whatsappsSaved } from './whatsapps.events';
import { presentWhatsapp } from './whatsapps.presenter';
import {
  deleteWhatsappRow,
  getWhatsapp,
  listWhatsappRows,
  promoteNewDefault,
  type WhatsappRow,
} from './whatsapps.repository';

/** Connections as answered by the API, with queues, prompt and integration (one query each). */
export async function viewsOf(
  tx: TenantTx,
  rows: WhatsappRow[],
  withToken: boolean,
): Promise<WhatsappView[]> {
  const relations = await relationsOf(tx, rows);
  return rows.map((row) => presentWhatsapp(row, relations, { withToken }));
}

export async function viewOf(tx: TenantTx, row: WhatsappRow, withToken: boolean): Promise<WhatsappView> {
  const [view] = await viewsOf(tx, [row], withToken);
  if (!view) throw AppError.notFound('ERR_NO_WAPP_FOUND');
  return view;
}

/** Every connection of the company (a super user may name another company); the token for admins only. */
export function listWhatsapps(
  ctx: AppContext,
  actor: Actor,
  query: ListWhatsappsQuery,
): Promise<WhatsappView[]> {
  return ctx.scopes
    .actingFor(actor, query.companyId)
    .run(async (tx) => viewsOf(tx, await listWhatsappRows(tx), isAdmin(actor)));
}

export function showWhatsapp(actor: Actor, scope: TenantScope, id: number): Promise<WhatsappView> {
  return scope.run(async (tx) => viewOf(tx, await getWhatsapp(tx, id), isAdmin(actor)));
}

/** Deletes a connection (its tickets stay, without connection), moves the default, then logs it out. */
export async function deleteWhatsapp(
  ctx: AppContext,
  sessions: SessionControl,
  scope: TenantScope,
  id: number,
) {
  await scope.run(async (tx) => {
    await getWhatsapp(tx, id);
    if (!(await deleteWhatsappRow(tx, id))) throw AppError.notFound('ERR_NO_WAPP_FOUND');
    const promoted = await promoteNewDefault(tx);
    if (promoted) whatsappsSaved(ctx, tx, await viewsOf(tx, [promoted], false));
    whatsappDeleted(ctx, tx, id);
  });
  await runSession(ctx, () => sessions.remove(scope.companyId, id), 'remove');
  return { message: 'Whatsapp deleted' };
}

/** Runs a session command after a commit: the row is saved, so a session failure is logged, not answered. */
export async function runSession(ctx: AppContext, command: () => Promise<void>, name: string): Promise<void> {
  try {
    await command();
  } catch (error) {
    ctx.log.error({ err: error, command: name }, 'session command failed');
  }
}

export function assertProviderAvailable(ctx: AppContext, provider: string | undefined): void {
  if (provider === 'simulator' && !ctx.config.simulatorEnabled) {
    throw AppError.validation({ provider: 'The simulator is disabled on this server' });
  }
}

/** The stored credentials with the given ones applied (blank ones keep what is stored). */
export function mergeCredentials(
  stored: unknown,
  input: CreateWhatsappInput | UpdateWhatsappInput,
): Record<string, string> {
  const merged: Record<string, string> = {};
  const current = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  for (const key of cloudCredentialKeys) {
    const value = input[key] ?? current[key];
    if (typeof value === 'string' && value !== '') merged[key] = value;
  }
  return merged;
}

export function assertGreeting(queueCount: number, greetingMessage: string): void {
  if (queueCount > 1 && greetingMessage.trim() === '') {
    throw new AppError(
      'ERR_WAPP_GREETING_REQUIRED',
      'A greeting message is required with more than one queue',
    );
  }
}
