import { SimulatorPresenceEvent } from '@zapdesk/contracts';

/** "typing…" stops showing after this long without a message, as on a phone whose sender went quiet. */
export const TYPING_MAX_MS = 25_000;

/** Our side started typing to a chat: since when (server time) and when this page heard it (its own time). */
export interface Typing {
  chatKey: string;
  since: number;
  heardAt: number;
}

/**
 * The simulated network writes a Brazilian mobile without its ninth digit with it (as the server's
 * checkSimulatedNumber): both spellings are the same chat.
 */
export function sameNumber(a: string, b: string): boolean {
  const canonical = (raw: string) => {
    const digits = raw.replace(/\D/g, '');
    return digits.length === 12 && digits.startsWith('55')
      ? `${digits.slice(0, 4)}9${digits.slice(4)}`
      : digits;
  };
  return canonical(a) === canonical(b);
}

/**
 * What a `simulatorPresence` event does to the chat shown: `composing` to it starts "typing…", `paused` ends it;
 * events of other chats (or malformed ones) change nothing.
 */
export function typingAfter(
  current: Typing | null,
  payload: unknown,
  chat: { whatsappId: number; from: string } | null,
  heardAt: number,
): Typing | null {
  const event = SimulatorPresenceEvent.safeParse(payload);
  if (!event.success || !chat) return current;
  const { whatsappId, to, state, at } = event.data;
  if (whatsappId !== chat.whatsappId || !sameNumber(to, chat.from)) return current;
  if (state !== 'composing') return null;
  return { chatKey: `${whatsappId}:${chat.from}`, since: Date.parse(at), heardAt };
}

/**
 * Whether "typing…" shows in the chat: it is the chat's, none of our messages was sent since (by the server's
 * times, so a poll that comes late cannot end the next "typing…"), and it has not lasted too long.
 */
export function isTyping(
  typing: Typing | null,
  chatKey: string | null,
  ours: ReadonlyArray<{ createdAt: string }>,
  now: number,
): boolean {
  if (typing === null || typing.chatKey !== chatKey || now - typing.heardAt >= TYPING_MAX_MS) return false;
  return !ours.some((message) => Date.parse(message.createdAt) >= typing.since);
}
