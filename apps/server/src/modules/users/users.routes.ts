import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import {
  createUser,
  deleteUser,
  listAllUsers,
  listUsers,
  setUserLanguage,
  showUser,
  updateUser,
} from './users.service';

/** Users CRUD (spec 1 sections 5-7, server-behaviour 14.1). */
export function registerUsersRoutes(ctx: AppContext): void {
  ctx.bind(routes.users.list, ({ scope, query }) => listUsers(scope, query));
  ctx.bind(routes.users.listAll, ({ actor, query }) => listAllUsers(ctx, actor, query.companyId));
  ctx.bind(routes.users.get, ({ scope, params }) => showUser(scope, params.id));
  ctx.bind(routes.users.create, ({ actor, body }) => createUser(ctx, actor, body));
  ctx.bind(routes.users.update, ({ actor, scope, params, body }) =>
    updateUser(ctx, actor, scope, params.id, body),
  );
  ctx.bind(routes.users.remove, ({ actor, scope, params }) => deleteUser(ctx, actor, scope, params.id));
  ctx.bind(routes.users.setLanguage, ({ actor, scope, params }) =>
    setUserLanguage(ctx, actor, scope, params.lang),
  );
}
