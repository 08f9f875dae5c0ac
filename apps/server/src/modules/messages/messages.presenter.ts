import type { MessageView } from '@zapdesk/contracts';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';
import {
  messagePage,
  messagesWithQuotes,
  type PresentedMessage,
  type QuotingRow,
} from './message-views.repository';

/** Message answers with the sender's `contact{id,name}` and the quoted message (server-behaviour 6.1), in one query. */
export async function loadMessageViews(
  tx: TenantTx,
  storage: MediaStorage,
  ids: number[],
): Promise<MessageView[]> {
  if (ids.length === 0) return [];
  const rows = await messagesWithQuotes.run(tx, { ids });
  const byId = new Map(rows.map((row): [number, MessageView] => [row.id, presentQuotingRow(storage, row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A ticket (`ticket`: a statement of the tickets presenter, and how to present its rows) and one page of its
 * message answers (GET /messages/:ticketId), read together: in a statement-wise read, one round trip. The page is
 * oldest first: the `limit` newest after skipping `offset`, of the given queues and of none when `queues` is given;
 * it is one range of the (company, ticket, id) index, and only its rows are joined to their senders and quotes.
 */
export async function loadTicketAndMessagePage<A extends Record<string, unknown>, R, T>(
  tx: TenantTx,
  storage: MediaStorage,
  ticket: { statement: [StatementTemplate<A, R>, A]; present: (rows: R[]) => T },
  page: { ticketId: number; queues: number[] | null; limit: number; offset: number },
): Promise<{ ticket: T; messages: MessageView[] }> {
  const { queues, ...range } = page;
  const [ticketRows, pageRows] = await StatementTemplate.together(tx, ticket.statement, [
    messagePage,
    { ...range, queues: queues ?? undefined },
  ]);
  return {
    ticket: ticket.present(ticketRows),
    messages: pageRows.map((row) => presentQuotingRow(storage, row)),
  };
}

function presentQuotingRow(storage: MediaStorage, m: QuotingRow): MessageView {
  const sender =
    m.contactId !== null && m.contactName !== null ? { id: m.contactId, name: m.contactName } : null;
  // The answer is filled in rather than spread into a copy: a page presents 20 of them per request.
  const view = presentUnquotedMessage(storage, m, sender);
  view.quotedMsgId = m.quotedMsgId;
  if (m.quotedMsgId !== null && m.quotedBody !== null) {
    view.quotedMsg = {
      id: m.quotedMsgId,
      body: m.quotedBody,
      fromMe: m.quotedFromMe ?? false,
      mediaType: m.quotedMediaType ?? 'conversation',
      mediaUrl: m.quotedMediaPath ? storage.publicUrl(m.quotedMediaPath) : null,
      isDeleted: m.quotedIsDeleted ?? false,
      contact:
        m.quotedContactId !== null && m.quotedContactName !== null
          ? { id: m.quotedContactId, name: m.quotedContactName }
          : null,
    };
  }
  return view;
}

/** One message's answer; throws if it is gone (callers hold it in the same transaction). */
export async function loadMessageView(tx: TenantTx, storage: MediaStorage, id: number): Promise<MessageView> {
  const [view] = await loadMessageViews(tx, storage, [id]);
  if (!view) throw new Error(`message ${id} not found for presenting`);
  return view;
}

/** A just-stored message that quotes nothing, presented from what the caller holds (no query). */
export function presentUnquotedMessage(
  storage: MediaStorage,
  m: PresentedMessage,
  sender: { id: number; name: string } | null,
): MessageView {
  return {
    id: m.id,
    wid: m.wid,
    ticketId: m.ticketId,
    cycleId: m.trackingId,
    contactId: m.contactId,
    contact: sender && m.contactId === sender.id ? { id: sender.id, name: sender.name } : null,
    queueId: m.queueId,
    body: m.body,
    fromMe: m.fromMe,
    read: m.read,
    mediaType: m.mediaType,
    mediaUrl: m.mediaPath ? storage.publicUrl(m.mediaPath) : null,
    mediaName: m.mediaName,
    ack: m.ack,
    isDeleted: m.isDeleted,
    isEdited: m.isEdited,
    isAutomatic: m.isAutomatic,
    origin: m.origin,
    quotedMsgId: null,
    quotedMsg: null,
    error: m.sendError,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}
