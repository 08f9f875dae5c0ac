import type { AppContext } from '../../platform/context';
import type { OutgoingEnv } from '../outbound/store-outgoing';
import type { ConnectionDescriptor, ProviderEvent } from '../providers/port';
import { ChatDrainer, type ChatRef } from './chat-drainer';
import { eventKeyOf } from './event-key';
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
export function createInbound(ctx: AppContext, outbound: OutgoingEnv): Inbound {
  const drainer = new ChatDrainer(ctx, outbound);
  const sweep = new InboundSweep(ctx, drainer);
  return {
    async ingest(connection, event) {
      const key = eventKeyOf(event);
      if (!key) return;
      const inserted = await ctx.scopes.tenant(connection.companyId).run((tx) =>
        tx
          .insertInto('inboundEvents')
          .values({
            companyId: tx.companyId,
            whatsappId: connection.whatsappId,
            provider: connection.provider,
            eventId: key.eventId,
            chatKey: key.chatKey,
            payload: JSON.stringify(event),
          })
          .onConflict((oc) => oc.columns(['companyId', 'whatsappId', 'eventId']).doNothing())
          .returning('id')
          .executeTakeFirst(),
      );
      if (!inserted) return;
      drainer.kick({
        companyId: connection.companyId,
        whatsappId: connection.whatsappId,
        chatKey: key.chatKey,
      });
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
