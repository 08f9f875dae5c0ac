import { cloudCredentialKeys, type WhatsappView } from '@zapdesk/contracts';
import type { Relations } from './whatsapp-relations.repository';
import type { WhatsappRow } from './whatsapps.repository';

/** Whether the provider has every credential it needs (only cloud needs any). */
export function credentialsConfigured(row: Pick<WhatsappRow, 'provider' | 'providerConfig'>): boolean {
  if (row.provider !== 'cloud') return true;
  const config = (row.providerConfig ?? {}) as Record<string, unknown>;
  return cloudCredentialKeys.every((key) => typeof config[key] === 'string' && config[key] !== '');
}

/**
 * The connection answer shape: an explicit whitelist. Never the auth state or the provider credentials;
 * the token only when `withToken` (admins).
 */
export function presentWhatsapp(
  row: WhatsappRow,
  relations: Relations,
  options: { withToken: boolean },
): WhatsappView {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    status: row.status,
    isDefault: row.isDefault,
    qrcode: row.qrcode,
    retries: row.retries,
    number: row.number,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    expiresInactiveMessage: row.expiresInactiveMessage,
    ...(options.withToken ? { token: row.token } : {}),
    provider: row.provider,
    credentialsConfigured: credentialsConfigured(row),
    expiresTicket: row.expiresTicket,
    timeUseBotQueues: row.timeUseBotQueues,
    maxUseBotQueues: row.maxUseBotQueues,
    timeToTransfer: row.timeToTransfer,
    transferQueueId: row.transferQueueId,
    promptId: row.promptId,
    prompt: row.promptId === null ? null : (relations.prompts.get(row.promptId) ?? null),
    integrationId: row.integrationId,
    integration: row.integrationId === null ? null : (relations.integrations.get(row.integrationId) ?? null),
    queues: relations.queues.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
