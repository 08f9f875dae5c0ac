import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { allHelps, createHelp, deleteHelp, getHelp, listHelps, updateHelp } from './helps.service';

/** Help videos (global; writes super only). */
export function registerHelpsRoutes(ctx: AppContext): void {
  ctx.bind(routes.helps.list, ({ query }) => listHelps(ctx, query));
  ctx.bind(routes.helps.listAll, () => allHelps(ctx));
  ctx.bind(routes.helps.get, ({ params }) => getHelp(ctx, params.id));
  ctx.bind(routes.helps.create, ({ body }) => createHelp(ctx, body));
  ctx.bind(routes.helps.update, ({ params, body }) => updateHelp(ctx, params.id, body));
  ctx.bind(routes.helps.remove, async ({ params }) => {
    await deleteHelp(ctx, params.id);
    return { message: 'Help deleted' };
  });
}
