import type { Outbox, OutgoingEnv } from '../../modules/messages';
import type { AppContext } from '../../platform/context';
import { MediaStorage } from '../../platform/storage/media-storage';
import type { ProviderSession } from '../providers';
import {
  dropHeldOutboxSends,
  enqueueOutbox,
  enqueueOutboxMany,
  holdOutboxSends,
  releaseOutboxSends,
} from './outbox';
import { OutboxWorker } from './outbox-worker';

export { enqueueOutbox } from './outbox';
export type { OutboxTask, OutgoingMedia } from './outbox-tasks';
export { TokenBucket } from './token-bucket';

/**
 * Our side of the conversation: the outbox, its worker, and the `Outbox` port that modules are handed to queue
 * messages (as an `OutgoingEnv`, it also lets messaging's inbound pipeline and bots store messages).
 */
export interface Outbound extends OutgoingEnv {
  worker: OutboxWorker;
  /** Runs the connection's queue (the worker's kick). */
  kick(whatsappId: number): void;
  /** Sessions role: polls the outbox for work queued by other processes. */
  start(): void;
  stop(): Promise<void>;
}

export function createOutbound(
  ctx: AppContext,
  deps: {
    local(whatsappId: number): ProviderSession | undefined;
    onSent?(companyId: number, whatsappId: number, wid: string): void;
  },
): Outbound {
  const storage = new MediaStorage(ctx.config.storageDir, ctx.config.backendUrl);
  const worker = new OutboxWorker(ctx, { storage, local: deps.local, onSent: deps.onSent });
  const outbox: Outbox = {
    enqueue: enqueueOutbox,
    enqueueMany: enqueueOutboxMany,
    hold: holdOutboxSends,
    release: releaseOutboxSends,
    dropHeld: dropHeldOutboxSends,
    kick: (whatsappId) => worker.kick(whatsappId),
  };
  return {
    ctx,
    storage,
    outbox,
    worker,
    kick: outbox.kick,
    start: () => worker.start(),
    stop: () => worker.stop(),
  };
}
