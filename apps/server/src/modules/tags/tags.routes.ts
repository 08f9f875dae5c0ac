import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { createTag, deleteTag, kanbanTags, listAllTags, listTags, showTag, updateTag } from './tags.service';

/** Tags and the kanban lanes (spec 2 sections 2 and 7, server-behaviour 15). */
export function registerTagsRoutes(ctx: AppContext): void {
  ctx.bind(routes.tags.list, ({ scope, query }) => listTags(scope, query));
  ctx.bind(routes.tags.listAll, ({ actor, query }) => listAllTags(ctx, actor, query.companyId));
  ctx.bind(routes.tags.kanban, ({ scope }) => kanbanTags(scope));
  ctx.bind(routes.tags.get, ({ scope, params }) => showTag(scope, params.id));
  ctx.bind(routes.tags.create, ({ actor, scope, body }) => createTag(ctx, actor, scope, body));
  ctx.bind(routes.tags.update, ({ actor, scope, params, body }) =>
    updateTag(ctx, actor, scope, params.id, body),
  );
  ctx.bind(routes.tags.remove, ({ actor, scope, params }) => deleteTag(ctx, actor, scope, params.id));
}
