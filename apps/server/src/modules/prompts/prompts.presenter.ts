import { maskApiKey, type PromptView } from '@zapdesk/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box';
import type { PromptWithQueue } from './prompts.repository';

/** The answer's prompt: the API key masked, the queue as `{id, name}` and 0 for none. */
export function presentPrompt(row: PromptWithQueue, box: SecretBox): PromptView {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    model: row.model,
    maxTokens: row.maxTokens,
    temperature: Number(row.temperature),
    apiKey: maskApiKey(box.decrypt(row.apiKey)),
    queueId: row.queueId ?? 0,
    maxMessages: row.maxMessages,
    queue: row.queueId !== null && row.queueName !== null ? { id: row.queueId, name: row.queueName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
