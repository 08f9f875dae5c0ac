import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { SessionControl } from './session-control.port';
import { createWhatsapp } from './use-cases/create-whatsapp';
import { updateWhatsapp } from './use-cases/update-whatsapp';
import {
  logoutWhatsappSession,
  refreshWhatsappSession,
  startWhatsappSession,
} from './whatsapp-sessions.service';
import { deleteWhatsapp, listWhatsapps, showWhatsapp } from './whatsapps.service';

/** Connections and their sessions (spec 1 section 7, server-behaviour 12). */
export function registerWhatsappsRoutes(ctx: AppContext, sessions: SessionControl): void {
  ctx.bind(routes.whatsapps.list, ({ actor, query }) => listWhatsapps(ctx, actor, query));
  ctx.bind(routes.whatsapps.get, ({ actor, scope, params }) => showWhatsapp(actor, scope, params.id));
  ctx.bind(routes.whatsapps.create, ({ actor, body }) => createWhatsapp(ctx, sessions, actor, body));
  ctx.bind(routes.whatsapps.update, ({ scope, params, body }) =>
    updateWhatsapp(ctx, sessions, scope, params.id, body),
  );
  ctx.bind(routes.whatsapps.remove, ({ scope, params }) => deleteWhatsapp(ctx, sessions, scope, params.id));

  ctx.bind(routes.whatsappSessions.start, ({ scope, params }) =>
    startWhatsappSession(sessions, scope, params.id),
  );
  ctx.bind(routes.whatsappSessions.refresh, ({ scope, params }) =>
    refreshWhatsappSession(sessions, scope, params.id),
  );
  ctx.bind(routes.whatsappSessions.logout, ({ scope, params }) =>
    logoutWhatsappSession(sessions, scope, params.id),
  );
}
