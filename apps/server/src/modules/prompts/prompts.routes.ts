import { routes } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import { secretBoxFor } from '../../platform/crypto/secret-box';
import { createPrompt, deletePrompt, listPrompts, showPrompt, updatePrompt } from './prompts.service';

/** AI prompts (spec 2 sections 2 and 7, server-behaviour 15); the plan's useOpenAi gates every route. */
export function registerPromptsRoutes(ctx: AppContext): void {
  const env = { ctx, box: secretBoxFor(ctx.config) };
  ctx.bind(routes.prompts.list, ({ scope }) => listPrompts(env, scope));
  ctx.bind(routes.prompts.get, ({ scope, params }) => showPrompt(env, scope, params.id));
  ctx.bind(routes.prompts.create, ({ scope, body }) => createPrompt(env, scope, body));
  ctx.bind(routes.prompts.update, ({ scope, params, body }) => updatePrompt(env, scope, params.id, body));
  ctx.bind(routes.prompts.remove, ({ scope, params }) => deletePrompt(env, scope, params.id));
}
