import type { QueueIntegrationView } from '@zapdesk/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { IntegrationRow } from './queue-integrations.repository';
import { maskServiceAccount, openJsonContent } from './service-account';

/** The answer's integration: the service account's private key never leaves the server. */
export function presentIntegration(row: IntegrationRow, box: SecretBox): QueueIntegrationView {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    projectName: row.projectName,
    jsonContent: maskServiceAccount(openJsonContent(box, row.jsonContent)),
    language: row.language,
    urlN8N: row.urlN8n,
    typebotSlug: row.typebotSlug,
    typebotExpires: row.typebotExpires,
    typebotKeywordFinish: row.typebotKeywordFinish,
    typebotKeywordRestart: row.typebotKeywordRestart,
    typebotUnknownMessage: row.typebotUnknownMessage,
    typebotRestartMessage: row.typebotRestartMessage,
    typebotDelayMessage: row.typebotDelayMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
