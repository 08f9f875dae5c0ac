import type { Updateable } from 'kysely';
import {
  pageSizes,
  type ListAllQuickMessagesQuery,
  type ListQuickMessagesAnswer,
  type ListQuickMessagesQuery,
  type QuickMessageInput,
  type QuickMessageView,
  type UpdateQuickMessageInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { QuickMessagesTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { removeStoredFiles } from '../../platform/http/media-upload';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantScope } from '../../platform/tenancy';
import { quickMessageDeleted, quickMessageSaved } from './quick-messages.events';
import { authorizeQuickMessageChange, authorizeQuickMessageRead, listOwner } from './quick-messages.policy';
import { presentQuickMessage } from './quick-messages.presenter';
import {
  deleteQuickMessageRow,
  getQuickMessage,
  insertQuickMessage,
  listQuickMessageRows,
  pageQuickMessages,
  updateQuickMessageRow,
} from './quick-messages.repository';

/** A page of the caller's own and the general quick messages, by shortcode, under `records`. */
export function listQuickMessages(
  actor: Actor,
  scope: TenantScope,
  query: ListQuickMessagesQuery,
): Promise<ListQuickMessagesAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    const ownerId = listOwner(actor, query.userId);
    const { rows, count } = await pageQuickMessages(tx, {
      ownerId,
      search: query.searchParam,
      limit,
      offset,
    });
    return { records: rows.map(presentQuickMessage), count, hasMore: offset + rows.length < count };
  });
}

/** The same rule as the page, as an array; a super user may name another company (and its user). */
export async function listAllQuickMessages(
  ctx: AppContext,
  actor: Actor,
  query: ListAllQuickMessagesQuery,
): Promise<QuickMessageView[]> {
  const scope = ctx.scopes.actingFor(actor, query.companyId);
  const rows = await scope.run((tx) => listQuickMessageRows(tx, listOwner(actor, query.userId)));
  return rows.map(presentQuickMessage);
}

export function showQuickMessage(actor: Actor, scope: TenantScope, id: number): Promise<QuickMessageView> {
  return scope.run(async (tx) => {
    const row = await getQuickMessage(tx, id);
    authorizeQuickMessageRead(actor, row);
    return presentQuickMessage(row);
  });
}

/** Creates a quick message authored by the caller; files come through the media-upload route only. */
export function createQuickMessage(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  input: QuickMessageInput,
): Promise<QuickMessageView> {
  return scope.run(async (tx) => {
    const row = await insertQuickMessage(tx, {
      shortcode: input.shortcode,
      message: input.message,
      geral: input.geral,
      status: input.status,
      userId: actor.userId,
    });
    const record = presentQuickMessage(row);
    quickMessageSaved(ctx, tx, 'create', record);
    return record;
  });
}

/** Edits a quick message (owner or admin); `mediaPath: null` detaches its file, which is then removed. */
export function updateQuickMessage(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
  input: UpdateQuickMessageInput,
): Promise<QuickMessageView> {
  return scope.run(async (tx) => {
    const before = await getQuickMessage(tx, id);
    authorizeQuickMessageChange(actor, before);
    const changes: Updateable<QuickMessagesTable> = {
      shortcode: input.shortcode,
      message: input.message,
      geral: input.geral,
      status: input.status,
    };
    const detach = (input.mediaPath === null || input.mediaPath === '') && before.mediaPath !== null;
    if (detach) Object.assign(changes, { mediaPath: null, mediaName: null, isMedia: false });
    const record = presentQuickMessage(await updateQuickMessageRow(tx, id, changes));
    quickMessageSaved(ctx, tx, 'update', record, before.geral);
    const removed = before.mediaPath;
    if (detach && removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
    return record;
  });
}

/** Deletes a quick message (owner or admin) and, once committed, its file. */
export async function deleteQuickMessage(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  storage: MediaStorage,
  id: number,
) {
  await scope.run(async (tx) => {
    const before = await getQuickMessage(tx, id);
    authorizeQuickMessageChange(actor, before);
    if (!(await deleteQuickMessageRow(tx, id))) throw AppError.notFound();
    quickMessageDeleted(ctx, tx, id);
    const removed = before.mediaPath;
    if (removed) tx.afterCommit(() => removeStoredFiles(ctx.log, storage, [removed]));
  });
  return { message: 'Quick message deleted' };
}
