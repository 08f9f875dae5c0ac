import { BotProviderError } from './bot-actions';

/** The documented payload (server-behaviour 8.3): the message as received plus where it belongs. */
export interface WebhookPayload {
  key: { remoteJid: string; fromMe: boolean; id: string | null; participant: string | null };
  message: unknown;
  pushName: string;
  messageTimestamp: number;
  companyId: number;
  whatsappId: number | null;
  ticketId: number;
  contactId: number;
}

export interface WebhookPolicy {
  attempts: number;
  timeoutMs: number;
  /** First retry delay; doubles each time. */
  backoffMs: number;
}

export const webhookPolicy: WebhookPolicy = { attempts: 3, timeoutMs: 10_000, backoffMs: 1000 };

/**
 * POSTs the message to the n8n or webhook URL: up to `attempts` tries with backoff on network errors, timeouts
 * and 5xx; a 4xx is final. The answer is ignored (replies come back through the external API).
 */
export async function postToWebhook(
  url: string,
  payload: WebhookPayload,
  policy = webhookPolicy,
): Promise<void> {
  let lastProblem = '';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 500) {
        if (response.ok) return;
        throw new BotProviderError(`webhook ${url} refused the message with ${response.status}`);
      }
      lastProblem = `answered ${response.status}`;
    } catch (error) {
      if (error instanceof BotProviderError) throw error;
      lastProblem = (error as Error).message;
    }
    if (attempt < policy.attempts) {
      await new Promise((resolve) => setTimeout(resolve, policy.backoffMs * 2 ** (attempt - 1)));
    }
  }
  throw new BotProviderError(`webhook ${url} failed after ${policy.attempts} attempts: ${lastProblem}`);
}
