import type { AppContext } from '../../platform/context';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';

/** A media file to send, stored under the public folder. */
export interface OutgoingMedia {
  /** Relative to the public folder (MediaStorage). */
  path: string;
  mimetype: string;
  fileName: string;
  caption?: string;
  voiceNote?: boolean;
}

/**
 * What a module may ask the connection's owner to do on WhatsApp: send one stored message, or mark the customer's
 * messages read. (Messaging queues more kinds of its own, such as downloads and call rejections.)
 */
export type OutgoingTask =
  | { kind: 'send'; messageId: number; chatId: string; text?: string; media?: OutgoingMedia }
  | { kind: 'markRead'; chatId: string; wids: string[] };

/**
 * The port through which modules cause a delivery. Modules never import `messaging/`: messaging implements this
 * (`messaging/outbound`, the outbox table and its worker) and the composition root hands it to the modules.
 */
export interface Outbox {
  /**
   * Writes the task's outbox row in the caller's transaction, so it commits with the message row or not at all.
   * Answers whether it was new (an identical task already queued is not added again).
   */
  enqueue(tx: TenantTx, whatsappId: number, task: OutgoingTask): Promise<boolean>;
  /**
   * Many tasks of one connection in one statement, in order; `bulk` ones (campaigns) run after the connection's
   * other pending sends. Answers how many were new.
   */
  enqueueMany(
    tx: TenantTx,
    whatsappId: number,
    tasks: OutgoingTask[],
    options: { bulk: boolean },
  ): Promise<number>;
  /**
   * Withholds the messages' sends still queued (waiting for a send in progress to end); the worker leaves them
   * until `release`. Answers how many were held.
   */
  hold(tx: TenantTx, messageIds: number[]): Promise<number>;
  /** Queues held sends again; answers the connections to kick after commit. */
  release(tx: TenantTx, messageIds: number[]): Promise<number[]>;
  /** Drops held sends for good; answers the messages that will never be sent. */
  dropHeld(tx: TenantTx, messageIds: number[]): Promise<number[]>;
  /** Runs the connection's queue now; call it after the commit. */
  kick(whatsappId: number): void;
}

/** What storing an outgoing message needs: the platform, the media folder and the outbox port. */
export interface OutgoingEnv {
  ctx: AppContext;
  storage: MediaStorage;
  outbox: Outbox;
}
