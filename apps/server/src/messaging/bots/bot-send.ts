import type { ContactRow } from '../../modules/contacts/contacts.presenter';
import type { TicketRow } from '../../modules/tickets';
import type { AppContext } from '../../platform/context';
import type { TenantTx } from '../../platform/tenancy';
import { messageVariables, renderTemplate } from '../outbound/render-template';
import { storeOutgoing, type Defer, type MessageOrigin, type OutgoingEnv } from '../outbound/store-outgoing';

/** What the bot needs to write into a ticket: the transaction, the outbound side and where effects go. */
export interface BotEnv {
  tx: TenantTx;
  ctx: AppContext;
  outbound: OutgoingEnv;
  defer: Defer;
  now: Date;
}

/**
 * Renders the text's variables (server-behaviour 1.9) and stores it in the ticket as an automatic message,
 * queued in the outbox. Blank texts are not sent. Answers the ticket as updated by the send.
 */
export async function sendAutomatic(
  env: BotEnv,
  ticket: TicketRow,
  contact: ContactRow,
  text: string,
  origin: MessageOrigin = 'bot',
): Promise<TicketRow> {
  if (text.trim() === '') return ticket;
  const variables = messageVariables({
    contactName: contact.name,
    ticketId: ticket.id,
    timeZone: env.ctx.config.timeZone,
    at: env.now,
  });
  const stored = await storeOutgoing(env.tx, env.outbound, {
    ticket,
    contact,
    parts: [{ body: renderTemplate(text, variables) }],
    origin,
    isAutomatic: true,
    defer: env.defer,
  });
  return stored.ticket;
}

export async function loadContact(tx: TenantTx, contactId: number): Promise<ContactRow> {
  return tx.selectFrom('contacts').where('id', '=', contactId).selectAll().executeTakeFirstOrThrow();
}
