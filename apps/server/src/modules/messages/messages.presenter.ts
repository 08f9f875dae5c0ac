import { sql } from 'kysely';
import type { MessageView } from '@zapdesk/contracts';
import type { MediaStorage } from '../../platform/storage/media-storage';
import type { TenantTx } from '../../platform/tenancy';
import type { MessageRow } from './messages.repository';
import { anyOf } from '../../platform/db/any-of';
import { StatementTemplate } from '../../platform/db/statement-template';

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

type QuotingRow = Awaited<ReturnType<typeof messagesWithQuotes.run>>[number];

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

/**
 * The columns a message answer shows: pages and events read just these, not the provider's raw `data`, the
 * search copy of the body nor the transcription (a page has 20 messages, each field decoded and parsed).
 */
const PRESENTED_MESSAGE_COLUMNS = [
  'id',
  'wid',
  'ticketId',
  'trackingId',
  'contactId',
  'queueId',
  'body',
  'fromMe',
  'read',
  'mediaType',
  'mediaPath',
  'mediaName',
  'ack',
  'isDeleted',
  'isEdited',
  'isAutomatic',
  'origin',
  'quotedMsgId',
  'sendError',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof MessageRow>;
type PresentedMessage = Pick<MessageRow, (typeof PRESENTED_MESSAGE_COLUMNS)[number]>;

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

/** Messages with their sender's name and the message each quotes. */
function selectWithQuotes(tx: TenantTx) {
  return tx
    .selectFrom('messages')
    .leftJoin('contacts', 'contacts.id', 'messages.contactId')
    .leftJoin('messages as quoted', 'quoted.id', 'messages.quotedMsgId')
    .leftJoin('contacts as quotedContact', 'quotedContact.id', 'quoted.contactId')
    .select(PRESENTED_MESSAGE_COLUMNS.map((column) => `messages.${column}` as const))
    .select([
      'contacts.name as contactName',
      'quoted.body as quotedBody',
      'quoted.fromMe as quotedFromMe',
      'quoted.mediaType as quotedMediaType',
      'quoted.mediaPath as quotedMediaPath',
      'quoted.isDeleted as quotedIsDeleted',
      'quoted.contactId as quotedContactId',
      'quotedContact.name as quotedContactName',
    ]);
}

// Each message event reads its messages this way, and every message page: compiled once (statement-template.ts).
const messagesWithQuotes = new StatementTemplate((tx, args: { ids: number[] }) =>
  selectWithQuotes(tx).where('messages.id', '=', anyOf(args.ids)),
);

const messagePage = new StatementTemplate(
  (tx, args: { ticketId: number; queues?: number[]; limit: number; offset: number }) => {
    let ids = tx.selectFrom('messages').where('ticketId', '=', args.ticketId);
    if (args.queues !== undefined) {
      const queues = args.queues;
      ids = ids.where((eb) => eb.or([eb('queueId', '=', anyOf(queues)), eb('queueId', 'is', null)]));
    }
    const newest = ids.select('id').orderBy('id', 'desc').limit(args.limit).offset(args.offset);
    return selectWithQuotes(tx)
      .where('messages.id', '=', sql<number>`any(array(${newest}))`)
      .orderBy('messages.id');
  },
);
