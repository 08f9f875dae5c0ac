import type { PromptRow } from '../../../modules/prompts';
import {
  detectIntent,
  DialogflowError,
  openJsonContent,
  readServiceAccount,
  type IntegrationRow,
} from '../../../modules/queue-integrations';
import type { AppContext } from '../../../platform/context';
import type { SecretBox } from '../../../platform/crypto/secret-box';
import type { MediaStorage } from '../../../platform/storage/media-storage';
import type { TenantScope } from '../../../platform/tenancy';
import { chatIdOfContact } from '../../../modules/contacts';
import { BotProviderError, textsToActions, type BotAction } from '../runners/bot-actions';
import { runOpenAi, transcribeAudio } from '../runners/openai-runner';
import { runTypebot } from '../runners/typebot-runner';
import { postToWebhook, type WebhookPolicy } from '../runners/webhook-runner';
import type { HistoryLine, TurnInput } from './bot-turn-input';
import type { BotTurnRow } from './bot-turns.repository';

export interface TurnRunDeps {
  ctx: AppContext;
  box: SecretBox;
  storage: MediaStorage;
  webhook: WebhookPolicy;
}

/** The provider's answer as actions, or `wait` while the customer's audio is still being downloaded. */
export type TurnOutcome = { kind: 'actions'; actions: BotAction[] } | { kind: 'wait' };

/** How many times a turn waits (a second each) for its audio before answering the body alone. */
const AUDIO_WAITS = 15;

/** Calls the turn's provider, outside any transaction. Throws BotProviderError when the provider fails. */
export async function runTurn(
  deps: TurnRunDeps,
  scope: TenantScope,
  turn: BotTurnRow,
  input: TurnInput,
): Promise<TurnOutcome> {
  const { bot } = input;
  if (bot.kind === 'prompt') return runPrompt(deps, scope, turn, input, bot.prompt, bot.history);
  return {
    kind: 'actions',
    actions: await runIntegration(deps, scope, input, bot.integration, bot.lastExchangeAt),
  };
}

async function runPrompt(
  deps: TurnRunDeps,
  scope: TenantScope,
  turn: BotTurnRow,
  input: TurnInput,
  row: PromptRow,
  history: HistoryLine[],
): Promise<TurnOutcome> {
  const apiKey = deps.box.decrypt(row.apiKey);
  const baseUrl = deps.ctx.config.openAiBaseUrl;
  const { message } = input;
  let current = message.body;
  if (message.mediaType === 'audio') {
    if (message.transcription !== null) current = message.transcription;
    else if (message.mediaPath === null && turn.attempts < AUDIO_WAITS) return { kind: 'wait' };
    else if (message.mediaPath !== null) {
      current = await transcribeAudio(apiKey, baseUrl, deps.storage.absolutePath(message.mediaPath));
      await scope.run((tx) =>
        tx.updateTable('messages').set({ transcription: current }).where('id', '=', message.id).execute(),
      );
    }
  }
  const actions = await runOpenAi(
    {
      prompt: {
        apiKey,
        model: row.model,
        maxTokens: row.maxTokens,
        temperature: Number(row.temperature),
        prompt: row.prompt,
        queueId: row.queueId,
      },
      firstName: input.contact.name.trim().split(/\s+/)[0] ?? '',
      history,
      current,
    },
    baseUrl,
  );
  return { kind: 'actions', actions };
}

async function runIntegration(
  deps: TurnRunDeps,
  scope: TenantScope,
  input: TurnInput,
  integration: IntegrationRow,
  lastExchangeAt: Date | null,
): Promise<BotAction[]> {
  const { ticket, contact, message } = input;
  switch (integration.type) {
    case 'typebot':
      return runTypebot({
        typebot: {
          url: integration.urlN8n,
          slug: integration.typebotSlug,
          expiresMinutes: integration.typebotExpires,
          delayMs: integration.typebotDelayMessage,
          keywordFinish: integration.typebotKeywordFinish,
          keywordRestart: integration.typebotKeywordRestart,
          unknownMessage: integration.typebotUnknownMessage,
          restartMessage: integration.typebotRestartMessage,
        },
        sessionId: ticket.typebotSessionId,
        lastExchangeAt,
        body: message.body,
        number: contact.number,
        pushName: contact.name,
        now: new Date(),
      });
    case 'n8n':
    case 'webhook': {
      const raw = message.data as { message?: unknown } | null;
      await postToWebhook(
        integration.urlN8n,
        {
          key: {
            remoteJid: jidOf(chatIdOfContact(contact)),
            fromMe: false,
            id: message.wid,
            participant: null,
          },
          message: raw?.message ?? { conversation: message.body },
          pushName: contact.name,
          messageTimestamp: Math.floor(message.createdAt.getTime() / 1000),
          companyId: scope.companyId,
          whatsappId: ticket.whatsappId,
          ticketId: ticket.id,
          contactId: contact.id,
        },
        deps.webhook,
      );
      return [];
    }
    case 'dialogflow':
      return runDialogflow(deps, scope, input, integration);
  }
}

/** WhatsApp's jid for a chat id (our private chats are kept as bare numbers). */
const jidOf = (chatId: string): string => (chatId.includes('@') ? chatId : `${chatId}@s.whatsapp.net`);

async function runDialogflow(
  deps: TurnRunDeps,
  scope: TenantScope,
  input: TurnInput,
  integration: IntegrationRow,
): Promise<BotAction[]> {
  const account = readServiceAccount(openJsonContent(deps.box, integration.jsonContent));
  if (typeof account === 'string')
    throw new BotProviderError(`Dialogflow integration ${integration.name}: ${account}`);
  try {
    const result = await detectIntent(deps.ctx.config.dialogflow, account, {
      projectName: integration.projectName,
      language: integration.language,
      sessionId: `${scope.companyId}-${input.ticket.id}`,
      text: input.message.transcription ?? input.message.body,
    });
    return [
      ...textsToActions(result.texts),
      ...(result.endInteraction ? [{ kind: 'stopBot' as const }] : []),
    ];
  } catch (error) {
    if (error instanceof DialogflowError) throw new BotProviderError(error.message);
    throw error;
  }
}
