import fs from 'node:fs';
import OpenAI, { toFile } from 'openai';
import { BotProviderError, type BotAction } from './bot-actions';

/** The phrase the model starts its answer with when a human is needed (server-behaviour 8.1). */
export const TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento';

export interface OpenAiPrompt {
  apiKey: string;
  model: string;
  maxTokens: number;
  temperature: number;
  prompt: string;
  /** Transfer target, null = none. */
  queueId: number | null;
}

export interface OpenAiTurn {
  prompt: OpenAiPrompt;
  firstName: string;
  /** The last `maxMessages` text messages of the cycle before this one, oldest first. */
  history: Array<{ fromMe: boolean; body: string }>;
  current: string;
}

/** One client per API key and base URL: a key saved a moment ago works at once, old ones are dropped. */
const clients = new Map<string, OpenAI>();
const MAX_CLIENTS = 500;
const TIMEOUT_MS = 30_000;

export function openAiClient(apiKey: string, baseURL: string | undefined): OpenAI {
  const key = `${baseURL ?? ''}|${apiKey}`;
  let client = clients.get(key);
  if (!client) {
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value ?? '');
    client = new OpenAI({ apiKey, ...(baseURL ? { baseURL } : {}), maxRetries: 1, timeout: TIMEOUT_MS });
    clients.set(key, client);
  }
  return client;
}

export function systemMessage(prompt: OpenAiPrompt, firstName: string): string {
  return (
    `Nas respostas utilize o nome ${firstName || 'cliente'} para identificar o cliente.\n` +
    `Sua resposta deve usar no máximo ${prompt.maxTokens} tokens e cuide para não truncar o final.\n` +
    `Sempre que possível, mencione o nome dele para ser mais personalizado o atendimento e mais educado. ` +
    `Quando a resposta requer mais informações do cliente, ou um atendente humano for necessário, comece sua ` +
    `resposta com '${TRANSFER_PHRASE}'.\n\n${prompt.prompt}\n`
  );
}

/**
 * Asks the chat completion for an answer: the system message, the cycle's history (ours as `assistant`, theirs
 * as `user`) and the current message. The transfer phrase hands the ticket to the prompt's queue after the
 * rest of the text is sent.
 */
export async function runOpenAi(turn: OpenAiTurn, baseURL: string | undefined): Promise<BotAction[]> {
  const { prompt } = turn;
  let answer: string;
  try {
    const completion = await openAiClient(prompt.apiKey, baseURL).chat.completions.create({
      model: prompt.model,
      max_tokens: prompt.maxTokens,
      temperature: prompt.temperature,
      messages: [
        { role: 'system', content: systemMessage(prompt, turn.firstName) },
        ...turn.history.map((m) => ({
          role: m.fromMe ? ('assistant' as const) : ('user' as const),
          content: m.body,
        })),
        { role: 'user', content: turn.current },
      ],
    });
    answer = completion.choices[0]?.message?.content ?? '';
  } catch (error) {
    throw new BotProviderError(`OpenAI chat completion failed: ${(error as Error).message}`);
  }
  return answerToActions(answer, prompt.queueId);
}

export function answerToActions(answer: string, queueId: number | null): BotAction[] {
  const at = answer.indexOf(TRANSFER_PHRASE);
  if (at < 0) return answer.trim() === '' ? [] : [{ kind: 'text', text: answer.trim() }];
  const rest = (answer.slice(0, at) + answer.slice(at + TRANSFER_PHRASE.length))
    .replace(/^[\s.:!-]+/, '')
    .trim();
  return [...(rest === '' ? [] : [{ kind: 'text' as const, text: rest }]), { kind: 'transfer', queueId }];
}

/** Customer audio as text (whisper-1), kept with the message and used as the turn's input. */
export async function transcribeAudio(
  apiKey: string,
  baseURL: string | undefined,
  filePath: string,
): Promise<string> {
  try {
    const file = await toFile(fs.createReadStream(filePath), filePath.split('/').pop() ?? 'audio.ogg');
    const result = await openAiClient(apiKey, baseURL).audio.transcriptions.create({
      model: 'whisper-1',
      file,
    });
    return result.text;
  } catch (error) {
    throw new BotProviderError(`OpenAI transcription failed: ${(error as Error).message}`);
  }
}
