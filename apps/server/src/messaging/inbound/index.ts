import type { AppContext } from '../../platform/context';
import type { OutgoingEnv } from '../../modules/messages';
import type { PictureRequests } from '../pictures';
import type { ConnectionDescriptor, ProviderEvent } from '../providers';
import { ChatDrainer, type ChatRef } from './chat-drainer';
import { eventKeyOf } from './event-key';
import { IngestBatcher } from './ingest-batcher';
import { InboundSweep } from './inbound-sweep';

/** The inbound pipeline: stores each provider event durably, then processes it (server-behaviour 7). */
export interface Inbound {
  /** Called by sessions and webhooks for every provider event except connection.state. */
  ingest(connection: ConnectionDescriptor, event: ProviderEvent): Promise<void>;
  /** Processes a chat's stored events again soon (e.g. acks that arrived before their send was stored). */
  kick(chat: ChatRef): void;
  /** Resolves once the processing started so far is done (tests, benchmarks, shutdown). */
  idle(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type { ChatRef } from './chat-drainer';
export { ackChatKey } from './event-key';

/**
 * `ingest` stores the raw event in inbound_events (unique per company, connection and event id) and only then
 * returns; a duplicate stops there. Processing starts right after the insert, per chat in arrival order, and the
 * sweep (worker role) retries whatever a crash or a failure left behind.
 */
export function createInbound(
  ctx: AppContext,
  outbound: OutgoingEnv,
  pictures: PictureRequests,
  /** The bot-turn worker, woken after a commit that queued a turn. */
  bots: { kick(): void },
): Inbound {
  const drainer = new ChatDrainer(ctx, outbound, pictures, bots);
  const batcher = new IngestBatcher(ctx);
  const sweep = new InboundSweep(ctx, drainer);
  return {
    async ingest(connection, event) {
      const key = eventKeyOf(event);
      if (!key) return;
      const chat = await batcher.store(connection, event, key);
      if (chat) drainer.kick(chat);
    },
    kick: (chat) => drainer.kick(chat),
    idle: () => drainer.idle(),
    async start() {
      sweep.start();
      await sweep.sweep();
    },
    async stop() {
      sweep.stop();
      await drainer.idle();
    },
  };
}
