import { BotProviderError, type BotAction } from './bot-actions';
import { typebotActions, type TypebotReply } from './typebot-render';

export interface TypebotSettings {
  url: string;
  slug: string;
  /** Minutes without an exchange after which a new session starts (0 = never). */
  expiresMinutes: number;
  delayMs: number;
  keywordFinish: string;
  keywordRestart: string;
  unknownMessage: string;
  restartMessage: string;
}

export interface TypebotTurn {
  typebot: TypebotSettings;
  sessionId: string | null;
  /** When the customer and the bot last exchanged a message in this ticket (null: never). */
  lastExchangeAt: Date | null;
  body: string;
  number: string;
  pushName: string;
  now: Date;
}

const TIMEOUT_MS = 15_000;
const same = (a: string, b: string) => b.trim() !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * One customer message through Typebot (server-behaviour 8.2): the finish keyword closes the ticket, the
 * restart keyword drops the session and says so; without a live session (none, or idle longer than the
 * expiry) `startChat` opens one with the customer's number and name, else `continueChat` sends the message.
 */
export async function runTypebot(turn: TypebotTurn): Promise<BotAction[]> {
  const { typebot } = turn;
  if (same(turn.body, typebot.keywordFinish)) return [{ kind: 'close' }];
  if (same(turn.body, typebot.keywordRestart)) {
    return [
      { kind: 'session', sessionId: null },
      ...(typebot.restartMessage.trim() === ''
        ? []
        : [{ kind: 'text' as const, text: typebot.restartMessage }]),
    ];
  }
  const base = typebot.url.replace(/\/+$/, '');
  const expired =
    typebot.expiresMinutes > 0 &&
    turn.lastExchangeAt !== null &&
    turn.now.getTime() - turn.lastExchangeAt.getTime() > typebot.expiresMinutes * 60_000;
  const options = { delayMs: typebot.delayMs, unknownMessage: typebot.unknownMessage };
  if (turn.sessionId === null || expired) {
    const reply = await post(`${base}/api/v1/typebots/${encodeURIComponent(typebot.slug)}/startChat`, {
      prefilledVariables: { number: turn.number, pushName: turn.pushName },
    });
    if (!reply.sessionId) throw new BotProviderError('Typebot startChat answered no sessionId');
    return [{ kind: 'session', sessionId: reply.sessionId }, ...typebotActions(reply, options)];
  }
  const reply = await post(`${base}/api/v1/sessions/${encodeURIComponent(turn.sessionId)}/continueChat`, {
    message: turn.body,
  });
  return typebotActions(reply, options);
}

async function post(url: string, payload: unknown): Promise<TypebotReply> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new BotProviderError(`Typebot unreachable at ${url}: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => undefined)) as
    (TypebotReply & { message?: string }) | undefined;
  if (!response.ok || !body) {
    throw new BotProviderError(
      `Typebot answered ${response.status} at ${url}${body?.message ? `: ${body.message}` : ''}`,
    );
  }
  return body;
}
