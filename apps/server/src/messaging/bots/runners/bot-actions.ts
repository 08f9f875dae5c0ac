/**
 * What a bot provider's answer asks of the ticket, in order. A turn stores its actions once the provider has
 * answered and writes them one by one (each with its count), so a crash never sends one twice.
 */
export type BotAction =
  | { kind: 'text'; text: string }
  /** A file the provider serves by URL (Typebot images and audio), sent as media. */
  | { kind: 'media'; url: string; mediaType: 'image' | 'audio' | 'video' }
  /** Bot off, queue set (null = none) and the agent when given; the ticket waits for a human. */
  | { kind: 'transfer'; queueId: number | null; userId?: number }
  | { kind: 'stopBot' }
  /** Typebot's finish keyword: closed with the completion message, no rating. */
  | { kind: 'close' }
  /** The Typebot session the next messages continue (null: the next message starts a new one). */
  | { kind: 'session'; sessionId: string | null }
  /** "composing" before the next message (Typebot's delay between messages). */
  | { kind: 'pause'; ms: number };

/** A provider's refusal or failure, with a line staff can read in the log. */
export class BotProviderError extends Error {
  override name = 'BotProviderError';
}

/**
 * A text that is a command (server-behaviour 8.2): `#` followed by JSON. `{"stopBot":true}` turns the bot off,
 * `{"queueId":n}` transfers, `{"queueId":n,"userId":m}` transfers to the queue and the agent. Any other text
 * answers undefined (it is sent as it is); a `#` text that is not such a command answers null (dropped).
 */
export function readCommand(text: string): BotAction | null | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('#')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed.slice(1));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return null;
  const command = value as { stopBot?: unknown; queueId?: unknown; userId?: unknown };
  if (command.stopBot === true) return { kind: 'stopBot' };
  const queueId = Number(command.queueId);
  if (Number.isInteger(queueId) && queueId > 0) {
    const userId = Number(command.userId);
    return Number.isInteger(userId) && userId > 0
      ? { kind: 'transfer', queueId, userId }
      : { kind: 'transfer', queueId };
  }
  return null;
}

/** Texts become text actions, commands become their action. */
export function textsToActions(texts: string[]): BotAction[] {
  const actions: BotAction[] = [];
  for (const text of texts) {
    const command = readCommand(text);
    if (command === undefined) {
      if (text.trim() !== '') actions.push({ kind: 'text', text });
    } else if (command !== null) actions.push(command);
  }
  return actions;
}
