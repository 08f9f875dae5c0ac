import type { ContactRow } from '../../modules/contacts';
import { type TicketRow, ticketRefs } from '../../modules/tickets';
import type { TenantTx } from '../../platform/tenancy';
import type { CycleRow } from '../bots';
import type { ProviderEvent } from '../providers';
import { sql } from 'kysely';
import { anyOf } from '../../platform/db/any-of';
import { StatementTemplate } from '../../platform/db/statement-template';

/** A private chat's rows as they are now; null = there is none, undefined = not known (read it). */
export interface ChatRows {
  contact: ContactRow | null;
  /** The contact's ticket on the connection, locked by the round. */
  ticket: TicketRow | null | undefined;
  /** The ticket's open attendance cycle. */
  cycle: CycleRow | null | undefined;
}

/** Events that change nothing but messages: the rows read for other events stay true around them. */
const MESSAGE_ONLY = new Set<ProviderEvent['type']>(['message.status', 'message.edited', 'message.revoked']);

const keyOf = (whatsappId: number, chatId: string) => `${whatsappId}:${chatId}`;

/** A customer's message in a private chat: the one kind of event that reads its chat's rows from a prefetch. */
function privateCustomerMessage(event: ProviderEvent): { chatId: string } | null {
  if (event.type !== 'message.received') return null;
  const m = event.message;
  return m.isGroup || m.fromMe ? null : { chatId: m.chatId };
}

/**
 * The contacts, tickets and open cycles of the private chats a processing round is about to handle, read in three
 * queries for the whole round instead of three per message. The round already holds the chats' locks, so the
 * tickets are locked in the usual order (chat, then ticket). Rows are handed out once per chat, to its next
 * customer message of the round; that message puts back what it can vouch for (`putBack`: the rows as it left
 * them), and the chat's later messages read the rest again. An event that could change another chat's rows (a
 * group message's member, a call, phone-book events, our own messages) drops everything still unused.
 */
export class ChatPrefetch {
  readonly #rows = new Map<string, ChatRows>();

  static async load(
    tx: TenantTx,
    events: Array<{ whatsappId: number; event: ProviderEvent }>,
  ): Promise<ChatPrefetch> {
    const prefetch = new ChatPrefetch();
    const chats = new Map<string, { whatsappId: number; number: string }>();
    const connectionsOf = new Map<string, Set<number>>();
    for (const { whatsappId, event } of events) {
      const chat = privateCustomerMessage(event);
      if (!chat) continue;
      chats.set(keyOf(whatsappId, chat.chatId), { whatsappId, number: chat.chatId });
      connectionsOf.set(chat.chatId, (connectionsOf.get(chat.chatId) ?? new Set()).add(whatsappId));
    }
    // One contact reached through two connections in one round: the first message changes the row the second
    // would read, so that contact's chats read their rows themselves.
    for (const [key, chat] of chats) if ((connectionsOf.get(chat.number)?.size ?? 0) > 1) chats.delete(key);
    if (chats.size === 0) return prefetch;
    const numbers = [...chats.values()].map((c) => c.number);
    const contacts = await contactsByNumber.run(tx, { numbers });
    const contactByNumber = new Map(contacts.map((c) => [c.number, c]));
    const pairs = [...chats.values()].flatMap((chat) => {
      const contact = contactByNumber.get(chat.number);
      return contact ? [{ contactId: contact.id, whatsappId: chat.whatsappId }] : [];
    });
    const tickets =
      pairs.length === 0
        ? []
        : await lockedTicketsOf.run(tx, {
            contactIds: pairs.map((p) => p.contactId),
            whatsappIds: pairs.map((p) => p.whatsappId),
          });
    const cycles =
      tickets.length === 0 ? [] : await openCyclesOf.run(tx, { ticketIds: tickets.map((t) => t.id) });
    const cycleByTicket = new Map<number, CycleRow>();
    // Newest first: the first seen is the current cycle, as `currentCycle` reads it.
    for (const cycle of cycles)
      if (!cycleByTicket.has(cycle.ticketId)) cycleByTicket.set(cycle.ticketId, cycle);
    for (const [key, chat] of chats) {
      const contact = contactByNumber.get(chat.number) ?? null;
      const ticket =
        (contact && tickets.find((t) => t.contactId === contact.id && t.whatsappId === chat.whatsappId)) ??
        null;
      prefetch.#rows.set(key, {
        contact,
        ticket,
        cycle: ticket ? (cycleByTicket.get(ticket.id) ?? null) : null,
      });
    }
    return prefetch;
  }

  /** Called before each event of the round: drops every unused row that the event could make stale. */
  before(event: ProviderEvent): void {
    if (!privateCustomerMessage(event) && !MESSAGE_ONLY.has(event.type)) this.#rows.clear();
  }

  /**
   * Hands a chat's rows back as its customer message left them: the chat's next customer message in the round
   * takes them instead of reading them again. The caller vouches for each row it gives (undefined: read again).
   */
  putBack(whatsappId: number, chatId: string, rows: ChatRows): void {
    this.#rows.set(keyOf(whatsappId, chatId), rows);
  }

  /** The chat's rows, once: the first customer message of the chat in the round gets them. */
  take(whatsappId: number, chatId: string): ChatRows | undefined {
    const key = keyOf(whatsappId, chatId);
    const rows = this.#rows.get(key);
    this.#rows.delete(key);
    return rows;
  }
}

// The round's three reads, one shape whatever the number of chats (statement-template.ts).
const contactsByNumber = new StatementTemplate((tx, args: { numbers: string[] }) =>
  tx.selectFrom('contacts').where('number', '=', anyOf(args.numbers)).selectAll(),
);

const lockedTicketsOf = new StatementTemplate((tx, chats: { contactIds: number[]; whatsappIds: number[] }) =>
  tx
    .selectFrom('tickets')
    .where(
      sql<boolean>`(contact_id, whatsapp_id) in (select * from unnest(${chats.contactIds}::int[], ${chats.whatsappIds}::int[]))`,
    )
    .selectAll()
    // With what a ticket answer needs: the round's touches of these tickets can then wait (TicketTouches).
    .select((eb) => ticketRefs(eb))
    .forUpdate(),
);

const openCyclesOf = new StatementTemplate((tx, args: { ticketIds: number[] }) =>
  tx
    .selectFrom('ticketTracking')
    .where('ticketId', '=', anyOf(args.ticketIds))
    .where('finishedAt', 'is', null)
    .orderBy('id', 'desc')
    .selectAll(),
);
