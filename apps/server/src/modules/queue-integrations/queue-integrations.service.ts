import {
  namedAsProject,
  pageSizes,
  type ListQueueIntegrationsAnswer,
  type PagedQuery,
  type QueueIntegrationInput,
  type QueueIntegrationView,
  type TestSessionAnswer,
  type TestSessionInput,
} from '@zapdesk/contracts';
import type { AppContext } from '../../platform/context';
import type { SecretBox } from '../../platform/crypto/secret-box';
import { AppError, isUniqueViolation } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { detectIntent, DialogflowError } from './dialogflow.client';
import { integrationDeleted, integrationSaved } from './queue-integrations.events';
import { presentIntegration } from './queue-integrations.presenter';
import {
  deleteIntegrationRow,
  findIntegration,
  getIntegration,
  insertIntegration,
  integrationInUse,
  pageIntegrations,
  updateIntegrationRow,
  type IntegrationValues,
} from './queue-integrations.repository';
import { openJsonContent, readServiceAccount, restorePrivateKey } from './service-account';

export interface IntegrationsEnv {
  ctx: AppContext;
  box: SecretBox;
}

const NAME_TAKEN = 'An integration with this name already exists';

/** The row's values: the project is the name for n8n, webhook and typebot; the service account is encrypted. */
function valuesOf(env: IntegrationsEnv, input: QueueIntegrationInput, storedJson = ''): IntegrationValues {
  const json = input.type === 'dialogflow' ? restorePrivateKey(input.jsonContent, storedJson) : '';
  return {
    type: input.type,
    name: input.name,
    projectName: namedAsProject(input.type) ? input.name : input.projectName,
    jsonContent: json === '' ? '' : env.box.encrypt(json),
    language: input.type === 'dialogflow' ? input.language : '',
    urlN8n: input.type === 'dialogflow' ? '' : input.urlN8N,
    typebotSlug: input.typebotSlug,
    typebotExpires: input.typebotExpires,
    typebotKeywordFinish: input.typebotKeywordFinish,
    typebotKeywordRestart: input.typebotKeywordRestart,
    typebotUnknownMessage: input.typebotUnknownMessage,
    typebotRestartMessage: input.typebotRestartMessage,
    typebotDelayMessage: input.typebotDelayMessage,
  };
}

async function saving<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'queue_integrations_company_name_key')) {
      throw AppError.validation({ name: NAME_TAKEN });
    }
    throw error;
  }
}

export function listIntegrations(
  env: IntegrationsEnv,
  scope: TenantScope,
  query: PagedQuery,
): Promise<ListQueueIntegrationsAnswer> {
  const limit = pageSizes.default;
  const offset = (query.pageNumber - 1) * limit;
  return scope.read(async (tx) => {
    const { rows, count } = await pageIntegrations(tx, { search: query.searchParam, limit, offset });
    return {
      queueIntegrations: rows.map((row) => presentIntegration(row, env.box)),
      count,
      hasMore: offset + rows.length < count,
    };
  });
}

export function showIntegration(
  env: IntegrationsEnv,
  scope: TenantScope,
  id: number,
): Promise<QueueIntegrationView> {
  return scope.read(async (tx) => presentIntegration(await getIntegration(tx, id), env.box));
}

export function createIntegration(
  env: IntegrationsEnv,
  scope: TenantScope,
  input: QueueIntegrationInput,
): Promise<QueueIntegrationView> {
  return saving(() =>
    scope.run(async (tx) => {
      const view = presentIntegration(await insertIntegration(tx, valuesOf(env, input)), env.box);
      integrationSaved(env.ctx, tx, 'create', view);
      return view;
    }),
  );
}

export function updateIntegration(
  env: IntegrationsEnv,
  scope: TenantScope,
  id: number,
  input: QueueIntegrationInput,
): Promise<QueueIntegrationView> {
  return saving(() =>
    scope.run(async (tx) => {
      const stored = await getIntegration(tx, id);
      const values = valuesOf(env, input, openJsonContent(env.box, stored.jsonContent));
      const view = presentIntegration(await updateIntegrationRow(tx, id, values), env.box);
      integrationSaved(env.ctx, tx, 'update', view);
      return view;
    }),
  );
}

/** Deletes an integration no queue or connection uses (ERR_INTEGRATION_IN_USE otherwise). */
export async function deleteIntegration(env: IntegrationsEnv, scope: TenantScope, id: number) {
  await scope.run(async (tx) => {
    await getIntegration(tx, id);
    if (await integrationInUse(tx, id)) {
      throw new AppError('ERR_INTEGRATION_IN_USE', 'A queue or a connection uses this integration');
    }
    if (!(await deleteIntegrationRow(tx, id))) throw AppError.notFound();
    integrationDeleted(env.ctx, tx, id);
  });
  return { message: 'Integration deleted' };
}

/** The stored JSON of the integration being edited, when the dialog sends its masked copy back. */
async function storedJson(env: IntegrationsEnv, tx: TenantTx, id: number | undefined): Promise<string> {
  if (id === undefined) return '';
  const row = await findIntegration(tx, id);
  return row ? openJsonContent(env.box, row.jsonContent) : '';
}

/**
 * The dialog's Test button (server-behaviour 8.4): one detect-intent ("Olá") in a throwaway session. 200 with
 * the replies, or 400 with the provider's error.
 */
export async function testSession(
  env: IntegrationsEnv,
  scope: TenantScope,
  input: TestSessionInput,
): Promise<TestSessionAnswer> {
  const json = restorePrivateKey(input.jsonContent, await scope.read((tx) => storedJson(env, tx, input.id)));
  const account = readServiceAccount(json);
  if (typeof account === 'string') throw AppError.validation({ jsonContent: account });
  try {
    const result = await detectIntent(env.ctx.config.dialogflow, account, {
      projectName: input.projectName,
      language: input.language,
      sessionId: `test-${scope.companyId}-${Date.now()}`,
      text: 'Olá',
    });
    return { message: 'Test session succeeded', reply: result.texts };
  } catch (error) {
    if (error instanceof DialogflowError) {
      throw new AppError('ERR_VALIDATION', error.message, { fields: { jsonContent: error.message } });
    }
    throw error;
  }
}
