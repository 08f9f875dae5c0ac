import type { TicketView } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';
import { presentContact, type PresentedContact } from '../contacts';
import type { TicketRow } from './tickets.repository';
import { CONTACT_ALIASES, ticketsWithContacts, type PresentedTicket } from './ticket-views.repository';

/** What a ticket answer needs beyond the ticket and contact rows. */
export interface TicketRefs {
  userName: string | null;
  queueName: string | null;
  queueColor: string | null;
  whatsappName: string | null;
  tags: Array<{ id: number; name: string; color: string }>;
}

/** The ticket answer of server-behaviour 4.3 / 5.2 from rows the caller holds. */
export function presentTicketRow(
  t: PresentedTicket & TicketRefs,
  contact: PresentedContact,
  frontendUrl: string,
): TicketView {
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    contactId: t.contactId,
    contact: presentContact(contact, frontendUrl),
    userId: t.userId,
    user: t.userId !== null && t.userName !== null ? { id: t.userId, name: t.userName } : null,
    queueId: t.queueId,
    queue:
      t.queueId !== null && t.queueName !== null && t.queueColor !== null
        ? { id: t.queueId, name: t.queueName, color: t.queueColor }
        : null,
    whatsappId: t.whatsappId,
    whatsapp:
      t.whatsappId !== null && t.whatsappName !== null ? { id: t.whatsappId, name: t.whatsappName } : null,
    tags: t.tags,
    isGroup: t.isGroup,
    chatbot: t.chatbot,
    queueOptionId: t.queueOptionId,
    lastMessage: t.lastMessage,
    lastMediaType: t.lastMediaType,
    fromMe: t.fromMe,
    unreadMessages: t.unreadMessages,
    useIntegration: t.useIntegration,
    integrationId: t.integrationId,
    promptId: t.promptId,
    code: t.code,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * Ticket answers with contact, queue {id,name,color}, user {id,name}, tags and whatsapp {id,name}
 * (server-behaviour 4.3, 5.2): one statement however many tickets.
 */
export async function loadTicketViews(
  tx: TenantTx,
  frontendUrl: string,
  ids: number[],
): Promise<Map<number, TicketView>> {
  const loaded = await loadTicketRowsAndViews(tx, frontendUrl, ids);
  return new Map([...loaded].map(([id, { view }]) => [id, view]));
}

/** Each ticket's row with its answer, in one statement (the contact's columns under aliases). */
async function loadTicketRowsAndViews(
  tx: TenantTx,
  frontendUrl: string,
  ids: number[],
): Promise<Map<number, { row: TicketRow; view: TicketView }>> {
  if (ids.length === 0) return new Map();
  return rowsAndViews(await ticketsWithContacts.run(tx, { ids }), frontendUrl);
}

type TicketWithContactRow = Awaited<ReturnType<typeof ticketsWithContacts.run>>[number];

/** The rows of `ticketsWithContacts` by ticket id, each with its answer. */
function rowsAndViews(
  rows: TicketWithContactRow[],
  frontendUrl: string,
): Map<number, { row: TicketRow; view: TicketView }> {
  const loaded = new Map<number, { row: TicketRow; view: TicketView }>();
  for (const row of rows) loaded.set(row.id, { row, view: viewOfRow(row, frontendUrl) });
  return loaded;
}

/**
 * loadTicketRowsAndViews as a statement to run together with another (StatementTemplate.together), and the
 * presenting of its rows.
 */
export const ticketRowsAndViews = {
  statement: (ids: number[]) =>
    [ticketsWithContacts, { ids }] as [typeof ticketsWithContacts, { ids: number[] }],
  present: rowsAndViews,
};

/** A row of `selectTicketViews` as its ticket answer. */
export function viewOfRow(row: PresentedTicket & TicketRefs, frontendUrl: string): TicketView {
  const aliased = row as unknown as Record<string, unknown>;
  const contact: Record<string, unknown> = {};
  for (const [column, alias] of CONTACT_ALIASES) contact[column] = aliased[alias];
  return presentTicketRow(row, contact as PresentedContact, frontendUrl);
}

/** One ticket's answer; throws if it is gone (callers hold it in the same transaction). */
export async function loadTicketView(tx: TenantTx, frontendUrl: string, id: number) {
  const view = (await loadTicketViews(tx, frontendUrl, [id])).get(id);
  if (!view) throw new Error(`ticket ${id} not found for presenting`);
  return view;
}
