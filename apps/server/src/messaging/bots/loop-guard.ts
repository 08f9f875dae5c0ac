/** The cycle's bot counters (ticket_tracking) and the connection's limits (server-behaviour 7.4 loop guards). */
export interface LoopGuard {
  /** Menus sent in this cycle (main menu and option menus). */
  menuSends: number;
  /** When the last menu was sent. */
  chatbotAt: Date | null;
  /** Menus after which invalid replies get silence; 0 = no limit. */
  maxUseBotQueues: number;
  /** Minutes after the last menu during which invalid replies get silence; 0 = off. */
  timeUseBotQueues: number;
}

/** Whether an invalid reply may still be answered with the menu again. */
export function mayAnswerInvalid(guard: LoopGuard, now: Date): boolean {
  if (guard.maxUseBotQueues > 0 && guard.menuSends >= guard.maxUseBotQueues) return false;
  if (guard.timeUseBotQueues > 0 && guard.chatbotAt) {
    const quietUntil = guard.chatbotAt.getTime() + guard.timeUseBotQueues * 60_000;
    if (now.getTime() < quietUntil) return false;
  }
  return true;
}
