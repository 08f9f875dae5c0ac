import type { AppContext } from '../../platform/context';
import { MediaStorage } from '../../platform/storage/media-storage';
import type { ProviderSession } from '../providers/port';
import { OutboxWorker } from './outbox-worker';
import type { OutgoingEnv } from './store-outgoing';

export { chatIdOfContact, lockChat } from '../inbound/chat-key';
export { enqueueOutbox } from './outbox';
export type { OutboxTask, OutgoingMedia } from './outbox-tasks';
export { prepareOutgoingMedia } from './prepare-media';
export { messageVariables, renderTemplate } from './render-template';
export {
  mediaTypeOf,
  storeOutgoing,
  type Defer,
  type MessageOrigin,
  type OutgoingPart,
} from './store-outgoing';
export { convertToVoiceNote, isBrowserRecording } from './voice-note';

/** Our side of the conversation: the outbox, its worker and what modules need to queue messages. */
export interface Outbound extends OutgoingEnv {
  worker: OutboxWorker;
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
  return {
    ctx,
    storage,
    worker,
    kick: (whatsappId) => worker.kick(whatsappId),
    start: () => worker.start(),
    stop: () => worker.stop(),
  };
}
