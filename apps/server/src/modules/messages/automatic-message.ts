import type { Defer, TenantTx } from '../../platform/tenancy';
import type { TicketMessages, TicketRow } from '../tickets';
import type { OutgoingEnv } from './outbox.port';
import { messageVariables, renderTemplate } from './render-template';
import { sendMessage } from './store-outgoing';
import { resetUnreadWithReceipt } from './unread-reset';

/**
 * Stores a system text in the ticket (variables rendered, isAutomatic, origin system) and queues its delivery;
 * its events go through `defer`. Blank texts and tickets without a connection send nothing. Answers the ticket
 * as the message left it.
 */
export async function sendAutomaticMessage(
  tx: TenantTx,
  env: OutgoingEnv,
  ticket: TicketRow,
  text: string,
  defer: Defer,
): Promise<TicketRow> {
  if (ticket.whatsappId === null || text.trim() === '') return ticket;
  const contact = await tx
    .selectFrom('contacts')
    .where('id', '=', ticket.contactId)
    .selectAll()
    .executeTakeFirstOrThrow();
  const body = renderTemplate(
    text,
    messageVariables({ contactName: contact.name, ticketId: ticket.id, timeZone: env.ctx.config.timeZone }),
  );
  const sent = await sendMessage(tx, env, {
    ticket,
    contact,
    parts: [{ body }],
    origin: 'system',
    isAutomatic: true,
    defer,
  });
  return sent.ticket;
}

/** The messages side of the tickets module's port, handed to it at wiring (tickets never import messages). */
export function ticketMessagesOf(env: OutgoingEnv): TicketMessages {
  return {
    sendAutomatic: (tx, ticket, text, defer) => sendAutomaticMessage(tx, env, ticket, text, defer),
    resetUnread: (tx, ticket) => resetUnreadWithReceipt(tx, env.outbox, ticket),
  };
}
