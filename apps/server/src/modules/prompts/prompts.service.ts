import type { Updateable } from 'kysely';
import type { ListPromptsAnswer, PromptInput, PromptView, UpdatePromptInput } from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { PromptsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { promptDeleted, promptSaved } from './prompts.events';
import { presentPrompt } from './prompts.presenter';
import {
  deletePromptRow,
  getPrompt,
  insertPrompt,
  listPromptRows,
  promptInUse,
  queueExists,
  updatePromptRow,
} from './prompts.repository';

/** What the prompt services need besides the request: the platform and the box API keys are kept in. */
export interface PromptsEnv {
  ctx: AppContext;
  box: SecretBox;
}

/** The API's queue 0 is "none", stored as null; any other id must be one of the company's queues. */
async function transferQueue(tx: TenantTx, queueId: number | undefined): Promise<number | null | undefined> {
  if (queueId === undefined) return undefined;
  if (queueId === 0) return null;
  if (!(await queueExists(tx, queueId))) throw AppError.validation({ queueId: 'Invalid value' });
  return queueId;
}

export function listPrompts(env: PromptsEnv, scope: TenantScope): Promise<ListPromptsAnswer> {
  return scope.read(async (tx) => {
    const prompts = (await listPromptRows(tx)).map((row) => presentPrompt(row, env.box));
    return { prompts, count: prompts.length, hasMore: false };
  });
}

export function showPrompt(env: PromptsEnv, scope: TenantScope, id: number): Promise<PromptView> {
  return scope.read(async (tx) => presentPrompt(await getPrompt(tx, id), env.box));
}

export function createPrompt(env: PromptsEnv, scope: TenantScope, input: PromptInput): Promise<PromptView> {
  return scope.run(async (tx) => {
    const id = await insertPrompt(tx, {
      name: input.name,
      prompt: input.prompt,
      apiKey: env.box.encrypt(input.apiKey),
      model: input.model,
      maxTokens: input.maxTokens,
      temperature: input.temperature,
      maxMessages: input.maxMessages,
      queueId: (await transferQueue(tx, input.queueId)) ?? null,
    });
    const prompt = presentPrompt(await getPrompt(tx, id), env.box);
    promptSaved(env.ctx, tx, 'create', prompt);
    return prompt;
  });
}

/** Edits a prompt; a missing or masked API key keeps the stored one, a new one works at the next bot turn. */
export function updatePrompt(
  env: PromptsEnv,
  scope: TenantScope,
  id: number,
  input: UpdatePromptInput,
): Promise<PromptView> {
  return scope.run(async (tx) => {
    await getPrompt(tx, id);
    const changes: Updateable<PromptsTable> = {
      name: input.name,
      prompt: input.prompt,
      apiKey: input.apiKey === undefined ? undefined : env.box.encrypt(input.apiKey),
      model: input.model,
      maxTokens: input.maxTokens,
      temperature: input.temperature,
      maxMessages: input.maxMessages,
      queueId: await transferQueue(tx, input.queueId),
    };
    await updatePromptRow(tx, id, changes);
    const prompt = presentPrompt(await getPrompt(tx, id), env.box);
    promptSaved(env.ctx, tx, 'update', prompt);
    return prompt;
  });
}

/** Deletes a prompt no queue or connection uses (ERR_PROMPT_IN_USE otherwise). */
export async function deletePrompt(env: PromptsEnv, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    await getPrompt(tx, id);
    if (await promptInUse(tx, id))
      throw new AppError('ERR_PROMPT_IN_USE', 'A queue or a connection uses this prompt');
    if (!(await deletePromptRow(tx, id))) throw AppError.notFound();
    promptDeleted(env.ctx, tx, id);
  });
  return { message: 'Prompt deleted' };
}
