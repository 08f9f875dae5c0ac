import type { AppContext } from '../../platform/context';
import type { Defer, TenantTx } from '../../platform/tenancy';
import type { TicketRow } from './tickets.repository';

/**
 * What ticket changes need from the messages module: automatic texts and the unread reset with its read receipt.
 * Tickets sit below messages (messages import tickets, never the reverse), so the messages module implements this
 * port (`ticketMessagesOf` in modules/messages) and the wiring (modules/index.ts) hands it over.
 */
export interface TicketMessages {
  /**
   * Stores a system text in the ticket (variables rendered, isAutomatic, origin system) and queues its delivery;
   * its events go through `defer`. Blank texts and tickets without a connection send nothing. Answers the ticket
   * as the message left it.
   */
  sendAutomatic(tx: TenantTx, ticket: TicketRow, text: string, defer: Defer): Promise<TicketRow>;
  /**
   * Unread reset (server-behaviour 6.1) with the WhatsApp read receipt queued and the connection's queue run after
   * commit; answers whether anything was unread. The caller emits the `-ticket` events.
   */
  resetUnread(tx: TenantTx, ticket: TicketRow): Promise<boolean>;
}

/** What ticket use cases, verbs and jobs work with. */
export interface TicketsEnv {
  ctx: AppContext;
  messages: TicketMessages;
}
