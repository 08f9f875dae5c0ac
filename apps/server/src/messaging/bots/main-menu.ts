/** A queue of the connection as the main menu sees it (ordered by orderQueue, then name). */
export interface MenuQueue {
  id: number;
  name: string;
  /** Queue-mode hours say it is closed now. */
  closed: boolean;
}

export type MainMenuStep =
  /** Assign this queue and start it (options, or its greeting). */
  | { kind: 'assign'; queue: MenuQueue; single: boolean }
  /** A closed queue was picked: its out-of-hours text, no queue assigned. */
  | { kind: 'closedQueue'; queue: MenuQueue }
  /** Send the numbered menu; `invalid` prefixes the invalid-option line. */
  | { kind: 'menu'; invalid: boolean }
  /** No queues: the connection's greeting, once per cycle. */
  | { kind: 'greeting' }
  | { kind: 'silent' };

/**
 * Server-behaviour 7.4 for a ticket without queue. `firstOfCycle` = no menu was sent yet in this cycle (or "#"
 * reset it); `mayAnswerInvalid` comes from the loop guards.
 */
export function decideMainMenu(input: {
  queues: MenuQueue[];
  body: string;
  firstOfCycle: boolean;
  mayAnswerInvalid: boolean;
}): MainMenuStep {
  const { queues } = input;
  if (queues.length === 0) return input.firstOfCycle ? { kind: 'greeting' } : { kind: 'silent' };
  const [only] = queues;
  if (queues.length === 1 && only) return { kind: 'assign', queue: only, single: true };
  const picked = /^\d+$/.test(input.body.trim()) ? queues[Number(input.body.trim()) - 1] : undefined;
  if (picked)
    return picked.closed
      ? { kind: 'closedQueue', queue: picked }
      : { kind: 'assign', queue: picked, single: false };
  if (input.firstOfCycle) return { kind: 'menu', invalid: false };
  return input.mayAnswerInvalid ? { kind: 'menu', invalid: true } : { kind: 'silent' };
}
