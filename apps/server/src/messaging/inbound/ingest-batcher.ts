import type { AppContext } from '../../platform/context';
import type { ConnectionDescriptor, ProviderEvent } from '../providers/port';
import type { ChatRef } from './chat-drainer';
import type { EventKey } from './event-key';

interface Pending {
  connection: ConnectionDescriptor;
  event: ProviderEvent;
  key: EventKey;
  resolve(chat: ChatRef | null): void;
  reject(error: unknown): void;
}

/**
 * Stores raw events durably, many at a time: while one company's insert is in flight, the events arriving for
 * it queue up and go together in the next one (no added wait when traffic is light, one commit for many under
 * load). Each caller's promise settles once its own row is committed: the chat to process, or null for a
 * duplicate. A failing batch is retried row by row so one bad event never fails the others.
 */
export class IngestBatcher {
  readonly #queues = new Map<number, Pending[]>();
  readonly #flushing = new Set<number>();

  constructor(
    private readonly ctx: AppContext,
    private readonly maxBatch = 200,
  ) {}

  store(connection: ConnectionDescriptor, event: ProviderEvent, key: EventKey): Promise<ChatRef | null> {
    return new Promise((resolve, reject) => {
      const queue = this.#queues.get(connection.companyId) ?? [];
      queue.push({ connection, event, key, resolve, reject });
      this.#queues.set(connection.companyId, queue);
      if (!this.#flushing.has(connection.companyId)) void this.flush(connection.companyId);
    });
  }

  private async flush(companyId: number): Promise<void> {
    this.#flushing.add(companyId);
    try {
      for (;;) {
        const queue = this.#queues.get(companyId) ?? [];
        if (queue.length === 0) return;
        const batch = queue.splice(0, this.maxBatch);
        try {
          await this.insert(companyId, batch);
        } catch {
          for (const one of batch) await this.insert(companyId, [one]).catch(one.reject);
        }
      }
    } finally {
      this.#flushing.delete(companyId);
      if (this.#queues.get(companyId)?.length) void this.flush(companyId);
      else this.#queues.delete(companyId);
    }
  }

  private async insert(companyId: number, batch: Pending[]): Promise<void> {
    const inserted = await this.ctx.scopes.tenant(companyId).run((tx) =>
      tx
        .insertInto('inboundEvents')
        .values(
          batch.map((p) => ({
            companyId,
            whatsappId: p.connection.whatsappId,
            provider: p.connection.provider,
            eventId: p.key.eventId,
            chatKey: p.key.chatKey,
            payload: JSON.stringify(p.event),
          })),
        )
        .onConflict((oc) => oc.columns(['companyId', 'whatsappId', 'eventId']).doNothing())
        .returning(['whatsappId', 'eventId'])
        .execute(),
    );
    const stored = new Set(inserted.map((r) => `${r.whatsappId}:${r.eventId}`));
    for (const p of batch) {
      const id = `${p.connection.whatsappId}:${p.key.eventId}`;
      // The same event twice in one batch is stored once: only its first caller processes it.
      const isNew = stored.delete(id);
      p.resolve(isNew ? { companyId, whatsappId: p.connection.whatsappId, chatKey: p.key.chatKey } : null);
    }
  }
}
