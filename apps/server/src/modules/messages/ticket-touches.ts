import { sql } from 'kysely';
import type { HeldWrite } from '../../platform/db/lean-pool';
import { StatementTemplate } from '../../platform/db/statement-template';
import type { TenantTx } from '../../platform/tenancy';
import type { TicketRefs, TicketRow } from '../tickets';
import {
  addMessageCounts,
  insertMessageStatement,
  lastMessageTouch,
  type MessageCounts,
  type MessageRow,
  type TicketTouch,
} from './messages.repository';

/** A ticket's touches of one transaction summed: the last one's message, every one's unread and counts. */
type PendingTouch = Omit<TicketTouch, 'messagesAdded'> & { counts: MessageCounts };

/** A ticket with what its answer needs, as touchTicketWithMessages answers it. */
export type TicketWithRefs = TicketRow & TicketRefs;

/** Whether the row carries what a ticket answer needs (read with ticketRefs, or answered by a touch). */
export function carriesRefs(ticket: TicketRow): ticket is TicketWithRefs {
  return 'whatsappName' in ticket && 'tags' in ticket;
}

/**
 * The ticket touches of one transaction (the inbound pipeline's round), written as one statement. Each stored
 * message updates its ticket (server-behaviour 6.3); a round stores several messages per chat, and each update
 * rewrote the row and every index of the ticket, and checked its foreign keys again. A touch here changes the
 * caller's row in memory at once, and the connection writes them all (HeldWrite) before any statement that
 * could see the tickets: a message insert can not (it only checks that the ticket exists), so a run of customer
 * messages the bots leave alone ends in one write. The ticket must be locked by this transaction, as the
 * pipeline's are: nobody else changes it meanwhile, so the row in memory is the row.
 */
export class TicketTouches implements HeldWrite {
  readonly #pending = new Map<number, PendingTouch>();

  constructor(private readonly tx: TenantTx) {}

  /** The ticket as the touch leaves it; written later. */
  touch(ticket: TicketWithRefs, message: MessageRow, options: { countUnread: boolean }): TicketWithRefs {
    const touch = lastMessageTouch([message], options);
    const earlier = this.#pending.get(ticket.id);
    this.#pending.set(ticket.id, {
      ...touch,
      unreadAdded: (earlier?.unreadAdded ?? 0) + touch.unreadAdded,
      counts: addMessageCounts(earlier?.counts ?? {}, [message]),
    });
    return {
      ...ticket,
      lastMessage: touch.lastMessage,
      lastMediaType: touch.lastMediaType,
      fromMe: touch.fromMe,
      updatedAt: touch.updatedAt,
      unreadMessages: ticket.unreadMessages + touch.unreadAdded,
      messageCounts: addMessageCounts(ticket.messageCounts as MessageCounts, [message]),
    };
  }

  take(): { text: string; values: unknown[] } | null {
    if (this.#pending.size === 0) return null;
    const touches = [...this.#pending];
    this.#pending.clear();
    return touchTickets.statement(this.tx, {
      ids: touches.map(([id]) => id),
      lastMessages: touches.map(([, t]) => t.lastMessage),
      lastMediaTypes: touches.map(([, t]) => t.lastMediaType),
      fromMe: touches.map(([, t]) => t.fromMe),
      updatedAt: touches.map(([, t]) => t.updatedAt),
      unreadAdded: touches.map(([, t]) => t.unreadAdded),
      messagesAdded: touches.map(([, t]) => JSON.stringify(t.counts)),
    });
  }

  passes(text: string): boolean {
    return insertMessageStatement.produced(text);
  }
}

/** Several tickets' touches in one statement: one array per column, zipped by unnest. */
const touchTickets = new StatementTemplate(
  (
    tx,
    args: {
      ids: number[];
      lastMessages: string[];
      lastMediaTypes: Array<string | null>;
      fromMe: boolean[];
      updatedAt: Date[];
      unreadAdded: number[];
      messagesAdded: string[];
    },
  ) =>
    tx
      .updateTable('tickets')
      .from(
        sql<{
          id: number;
        }>`(select unnest(${args.ids}::int[]) as id, unnest(${args.lastMessages}::text[]) as last_message,
          unnest(${args.lastMediaTypes}::text[]) as last_media_type, unnest(${args.fromMe}::bool[]) as from_me,
          unnest(${args.updatedAt}::timestamptz[]) as updated_at, unnest(${args.unreadAdded}::int[]) as unread_added,
          unnest(${args.messagesAdded}::jsonb[]) as messages_added)`.as('touch'),
      )
      .set({
        lastMessage: sql`touch.last_message`,
        lastMediaType: sql`touch.last_media_type`,
        fromMe: sql`touch.from_me`,
        updatedAt: sql`touch.updated_at`,
        unreadMessages: sql`tickets.unread_messages + touch.unread_added`,
        messageCounts: sql`add_message_counts(tickets.message_counts, touch.messages_added)`,
      })
      .where(sql<boolean>`tickets.id = touch.id`),
);
