import { sql } from 'kysely';
import { anyOf } from '../../platform/db/any-of';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { TenantTx } from '../../platform/tenancy';
import type { MessageRow } from './messages.repository';

// The statements that read message answers (the presenter turns their rows into views).

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
export type PresentedMessage = Pick<MessageRow, (typeof PRESENTED_MESSAGE_COLUMNS)[number]>;

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
export const messagesWithQuotes = new StatementTemplate((tx, args: { ids: number[] }) =>
  selectWithQuotes(tx).where('messages.id', '=', anyOf(args.ids)),
);

/** One page of a ticket's messages (GET /messages/:ticketId), oldest first; see loadTicketAndMessagePage. */
export const messagePage = new StatementTemplate(
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

export type QuotingRow = Awaited<ReturnType<typeof messagesWithQuotes.run>>[number];
