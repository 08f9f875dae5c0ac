import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { secretBoxFor } from '../../platform/crypto/secret-box';
import {
  createIntegration,
  deleteIntegration,
  listIntegrations,
  showIntegration,
  testSession,
  updateIntegration,
} from './queue-integrations.service';

/** Queue integrations (spec 2 sections 2 and 7, server-behaviour 15); the plan's useIntegrations gates them. */
export function registerQueueIntegrationsRoutes(ctx: AppContext): void {
  const env = { ctx, box: secretBoxFor(ctx.config) };
  ctx.bind(routes.queueIntegrations.list, ({ scope, query }) => listIntegrations(env, scope, query));
  ctx.bind(routes.queueIntegrations.get, ({ scope, params }) => showIntegration(env, scope, params.id));
  ctx.bind(routes.queueIntegrations.create, ({ scope, body }) => createIntegration(env, scope, body));
  ctx.bind(routes.queueIntegrations.testSession, ({ scope, body }) => testSession(env, scope, body));
  ctx.bind(routes.queueIntegrations.update, ({ scope, params, body }) =>
    updateIntegration(env, scope, params.id, body),
  );
  ctx.bind(routes.queueIntegrations.remove, ({ scope, params }) => deleteIntegration(env, scope, params.id));
}
