import type { Updateable } from 'kysely';
import {
  pageSizes,
  type KanbanTagsAnswer,
  type ListTagsAnswer,
  type PagedQuery,
  type TagInput,
  type TagView,
  type UpdateTagInput,
} from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { TagsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { tagDeleted, tagSaved } from './tags.events';
import { authorizeTagChange, mayUseKanbanFlag } from './tags.policy';
import { presentTag } from './tags.presenter';
import {
  deleteTagRow,
  getTag,
  insertTag,
  kanbanTagRows,
  listTagRows,
  pageTags,
  ticketCounts,
  updateTagRow,
  type TagRow,
} from './tags.repository';

async function viewsOf(tx: TenantTx, rows: TagRow[]): Promise<TagView[]> {
  const counts = await ticketCounts(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentTag(row, counts.get(row.id) ?? 0));
}

async function viewOf(tx: TenantTx, row: TagRow): Promise<TagView> {
  const [view] = await viewsOf(tx, [row]);
  if (!view) throw AppError.notFound();
  return view;
}

/** A page of the company's tags matching `searchParam`, by name, with their ticket counts. */
export function listTags(scope: TenantScope, query: PagedQuery): Promise<ListTagsAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.run(async (tx) => {
    const { rows, count } = await pageTags(tx, { search: query.searchParam, limit, offset });
    return { tags: await viewsOf(tx, rows), count, hasMore: offset + rows.length < count };
  });
}

/** Every tag of the company; a super user may name another company. */
export function listAllTags(ctx: AppContext, actor: Actor, companyId?: number): Promise<TagView[]> {
  const scope = ctx.scopes.actingFor(actor, companyId);
  return scope.run(async (tx) => viewsOf(tx, await listTagRows(tx)));
}

export function kanbanTags(scope: TenantScope): Promise<KanbanTagsAnswer> {
  return scope.read(async (tx) => ({
    lista: (await kanbanTagRows(tx)).map((row) => presentTag(row, Number(row.ticketsCount))),
  }));
}

export function showTag(scope: TenantScope, id: number): Promise<TagView> {
  return scope.run(async (tx) => viewOf(tx, await getTag(tx, id)));
}

/** Creates a tag authored by the caller; only admins and supervisors may make it a kanban lane. */
export function createTag(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  input: TagInput,
): Promise<TagView> {
  return scope.run(async (tx) => {
    const row = await insertTag(tx, {
      name: input.name,
      color: input.color,
      kanban: mayUseKanbanFlag(actor) ? input.kanban : 0,
      userId: actor.userId,
    });
    const tag = await viewOf(tx, row);
    tagSaved(ctx, tx, 'create', tag);
    return tag;
  });
}

/** Edits a tag (admin or creator); a kanban flag from anyone else leaves the flag as it was. */
export function updateTag(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  id: number,
  input: UpdateTagInput,
): Promise<TagView> {
  return scope.run(async (tx) => {
    authorizeTagChange(actor, await getTag(tx, id));
    const changes: Updateable<TagsTable> = { name: input.name, color: input.color };
    if (mayUseKanbanFlag(actor)) changes.kanban = input.kanban;
    const tag = await viewOf(tx, await updateTagRow(tx, id, changes));
    tagSaved(ctx, tx, 'update', tag);
    return tag;
  });
}

/** Deletes a tag (admin or creator); it leaves every ticket it was on. */
export async function deleteTag(ctx: AppContext, actor: Actor, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    authorizeTagChange(actor, await getTag(tx, id));
    if (!(await deleteTagRow(tx, id))) throw AppError.notFound();
    tagDeleted(ctx, tx, id);
  });
  return { message: 'Tag deleted' };
}
