import type { AppContext } from '../../platform/context';
import type { WriteCounter } from '../../platform/db/write-counter';
import type { TenantTx } from '../../platform/tenancy';
import type { BotCache, QueuedTurn } from '../bots';
import type { OutgoingEnv, TicketTouches } from '../../modules/messages';
import type { ChatPrefetch } from './chat-prefetch';
import type { PictureTarget } from '../pictures';

/** What processing one event works with: its transaction, its connection, and the effects it defers. */
export interface InboundEnv {
  tx: TenantTx;
  ctx: AppContext;
  outbound: OutgoingEnv;
  whatsappId: number;
  /** Bot configuration read once for all the events of the transaction. */
  botCache: BotCache;
  /** The round's chat rows, read for all its private chats at once. */
  prefetch: ChatPrefetch;
  /** The transaction's ticket touches, written together (TicketTouches). */
  touches: TicketTouches;
  /** Counts the statements of `tx` that may write: unchanged readings mean rows read before are current. */
  writes: WriteCounter;
  /** Queues a contact picture lookup (call it from `defer`: after the commit, off the hot path). */
  requestPicture(target: PictureTarget, lastLookup: Date | null): void;
  /** Work for after the commit; dropped when the transaction rolls back. */
  defer(fn: () => void): void;
  /** Wakes the bot-turn worker (after the commit that queued a turn, with that turn). */
  kickBots(queued?: QueuedTurn): void;
  /** Processes another chat's stored events soon. */
  kick(chat: { companyId: number; whatsappId: number; chatKey: string }): void;
}

/** Effects collected while a transaction processes events, run in order once it committed. */
export class Effects {
  readonly #fns: Array<() => void> = [];
  readonly defer = (fn: () => void): void => {
    this.#fns.push(fn);
  };

  flush(): void {
    for (const fn of this.#fns) fn();
  }
}
