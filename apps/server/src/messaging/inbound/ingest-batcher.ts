import { sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { ConnectionDescriptor, ProviderEvent } from '../providers';
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
      // Events handed over in one moment (a session emitting its due acks together) go in one insert.
      await new Promise((resolve) => setImmediate(resolve));
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
      insertEvents.run(tx, {
        whatsappIds: batch.map((p) => p.connection.whatsappId),
        providers: batch.map((p) => p.connection.provider),
        eventIds: batch.map((p) => p.key.eventId),
        chatKeys: batch.map((p) => p.key.chatKey),
        payloads: batch.map((p) => JSON.stringify(p.event)),
      }),
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

/** One statement for any number of events: the rows travel as one array per column. */
const insertEvents = new StatementTemplate(
  (
    tx,
    rows: {
      whatsappIds: number[];
      providers: string[];
      eventIds: string[];
      chatKeys: string[];
      payloads: string[];
    },
  ) =>
    tx
      .insertInto('inboundEvents')
      .columns(['companyId', 'whatsappId', 'provider', 'eventId', 'chatKey', 'payload'])
      .expression(
        sql`select ${tx.companyId}::int, * from unnest(${rows.whatsappIds}::int[], ${rows.providers}::text[],
          ${rows.eventIds}::text[], ${rows.chatKeys}::text[], ${rows.payloads}::jsonb[])`,
      )
      .onConflict((oc) => oc.columns(['companyId', 'whatsappId', 'eventId']).doNothing())
      .returning(['whatsappId', 'eventId']),
);
