import { sql } from 'kysely';
import type { MessageView } from '@zapdesk/contracts';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';
import { loadMessageViews } from '../../modules/messages';
import { lockChats } from '../../modules/contacts';
import type { ProviderSession } from '../providers';
import { sendCommandOf, type OutboxRow, type QuotedMessage, type SendTask } from './outbox-execute';

/**
 * Sends of one connection taken in one transaction at most. Each batch costs about ten round trips and one disk
 * flush whatever its size, and holds its chats' locks while its sends go out one by one: 20 keeps that short.
 */
export const SENDS_PER_BATCH = 20;

export interface SendBatchResult {
  /** Rows of the batch that were locked and looked at (0: the first was no longer there to take). */
  taken: number;
  /** Sends handed to the provider (each used a token of the connection's rate). */
  attempted: number;
  /** The wids stored, in the order they were sent (acks that came early can now be applied). */
  sentWids: string[];
  /** The messages' answers with their wids, for the update events after commit. */
  views: MessageView[];
  /** The send the provider refused, which ended the batch; the caller records it in the same transaction. */
  failed?: { row: OutboxRow; task: SendTask; error: unknown };
}

/**
 * Runs consecutive due sends of one connection (`due`: the queue's order, bulk last, then id) in the caller's
 * transaction: their rows locked together, their chats' locks in one sorted statement (so WhatsApp's echo of a send
 * waits until its wid is stored), their messages read together, the sends made one by one (idempotency key: the
 * message id), then one statement storing the wids and one marking the rows sent.
 *
 * A campaign (bulk) send is not started once something new was queued for the connection since the batch began:
 * a reply queued meanwhile waits behind at most the one campaign send in flight, as without batches.
 *
 * A provider error ends the batch there: what was sent before it is recorded all the same (the caller records the
 * failure and commits). The wids are written only after the last send, so a database error at that point (or a
 * crash) loses the bookkeeping of up to a batch of sends that did go out; their rows are still pending, and the retry
 * sends them again under the same idempotency keys, which every provider answers with the wid it already gave.
 */
export async function sendBatch(
  tx: TenantTx,
  session: ProviderSession,
  storage: MediaStorage,
  due: OutboxRow[],
  /** Whether something was queued for the connection since the batch began. */
  queuedSince: () => boolean,
): Promise<SendBatchResult> {
  const rows = await lockInOrder(tx, due);
  const result: SendBatchResult = { taken: rows.length, attempted: 0, sentWids: [], views: [] };
  if (rows.length === 0) return result;
  const batch = rows.map((row) => ({ row, task: row.payload as SendTask }));
  await lockChats(
    tx,
    batch.map(({ row, task }) => ({ whatsappId: row.whatsappId, chatKey: task.chatId })),
  );
  const messages = await readMessages(
    tx,
    batch.map(({ task }) => task.messageId),
  );

  const done: number[] = [];
  const sent: Array<{ id: number; wid: string }> = [];
  for (const [i, { row, task }] of batch.entries()) {
    // A reply queued meanwhile goes before the campaign sends still waiting in the batch, as it would without
    // batches: they stay pending for the next one.
    if (row.bulk && i > 0 && queuedSince()) break;
    const message = messages.get(task.messageId);
    // Deleted before it left, or already sent by an attempt whose bookkeeping was lost: nothing to do.
    if (message && !message.isDeleted && message.wid === null) {
      const quoted = message.quotedMsgId === null ? undefined : messages.get(message.quotedMsgId);
      result.attempted += 1;
      try {
        const { wid } = await session.send(sendCommandOf(task, storage, quoted), String(message.id));
        sent.push({ id: message.id, wid });
      } catch (error) {
        result.failed = { row, task, error };
        break;
      }
    }
    done.push(row.id);
  }

  await storeWids(tx, sent);
  if (done.length > 0) {
    await tx
      .updateTable('outbox')
      .set({ status: 'sent', attempts: sql<number>`attempts + 1`, lastError: null, updatedAt: new Date() })
      .where(sql<boolean>`id = any(${done}::int[])`)
      .execute();
  }
  result.sentWids = sent.map((s) => s.wid);
  result.views = await loadMessageViews(
    tx,
    storage,
    sent.map((s) => s.id),
  );
  return result;
}

/** The sends at the head of the due rows, up to the first task of another kind (that one runs on its own). */
export function leadingSends(due: OutboxRow[]): OutboxRow[] {
  const other = due.findIndex((row) => row.kind !== 'send');
  return other === -1 ? due : due.slice(0, other);
}

/**
 * Locks the due rows still pending, and keeps the leading run of them in queue order: a row someone else holds
 * (e.g. a delete cancelling it) or that left the queue ends the batch there, so nothing is sent ahead of it.
 */
async function lockInOrder(tx: TenantTx, due: OutboxRow[]): Promise<OutboxRow[]> {
  const locked = await tx
    .selectFrom('outbox')
    .where(sql<boolean>`id = any(${due.map((r) => r.id)}::int[])`)
    .where('status', '=', 'pending')
    .where('kind', '=', 'send')
    .orderBy('bulk')
    .orderBy('id')
    .selectAll()
    .forUpdate()
    .skipLocked()
    .execute();
  const byId = new Map(locked.map((row) => [row.id, row]));
  const run: OutboxRow[] = [];
  for (const { id } of due) {
    const row = byId.get(id);
    if (!row) break;
    run.push(row);
  }
  return run;
}

type MessageToSend = QuotedMessage & { id: number; isDeleted: boolean; quotedMsgId: number | null };

/** The batch's messages, and the messages they quote, by id (a second read only when one quotes). */
async function readMessages(tx: TenantTx, messageIds: number[]): Promise<Map<number, MessageToSend>> {
  const columns = ['id', 'wid', 'fromMe', 'body', 'isDeleted', 'quotedMsgId'] as const;
  const read = (ids: number[]) =>
    tx
      .selectFrom('messages')
      .where(sql<boolean>`id = any(${ids}::int[])`)
      .select(columns)
      .execute();
  const found = await read(messageIds);
  const byId = new Map(found.map((m) => [m.id, m]));
  const quotedIds = found.flatMap((m) =>
    m.quotedMsgId !== null && !byId.has(m.quotedMsgId) ? [m.quotedMsgId] : [],
  );
  if (quotedIds.length > 0) for (const m of await read(quotedIds)) byId.set(m.id, m);
  return byId;
}

/** The sent messages' wids in one statement; their ack becomes at least 1 (sent) and any old send error goes. */
async function storeWids(tx: TenantTx, sent: Array<{ id: number; wid: string }>): Promise<void> {
  if (sent.length === 0) return;
  await tx
    .updateTable('messages')
    .from(
      sql<{ id: number }>`(select unnest(${sent.map((s) => s.id)}::int[]) as id,
        unnest(${sent.map((s) => s.wid)}::text[]) as wid)`.as('sent'),
    )
    .set({
      wid: sql`sent.wid`,
      ack: sql`greatest(messages.ack, 1)`,
      sendError: null,
      updatedAt: new Date(),
    })
    .where(sql<boolean>`messages.id = sent.id`)
    // The ids again as an array the planner can see: it looks them up by key instead of scanning the company's
    // messages for a join with a set function it cannot size.
    .where(sql<boolean>`messages.id = any(${sent.map((s) => s.id)}::int[])`)
    .execute();
}
