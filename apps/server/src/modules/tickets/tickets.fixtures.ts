// Test helpers of the tickets module: a company with a connection played by a fake phone, and its tickets.
import type { SettingKey } from '@zapdesk/contracts';
import type { TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import {
  asCompany,
  buildConnection,
  fakeSession,
  inboundMessage,
  uniquePhone,
} from '../../../test/messaging-fixtures';
import { saveSetting } from '../settings';
import { buildQueue } from '../whatsapps/whatsapps.fixtures';

/** A company, its logged-in admin and a CONNECTED connection whose sends a fake phone records. */
export async function ticketWorld(server: TestServer, options: Parameters<typeof buildAdminSession>[1] = {}) {
  const session = await buildAdminSession(server, options);
  const connection = await buildConnection(server, session.company);
  const phone = fakeSession(server, connection.id);
  return { ...session, connection, phone };
}
export type TicketWorld = Awaited<ReturnType<typeof ticketWorld>>;

/** A customer writes in: the pipeline makes the contact's pending ticket. Answers the ticket row. */
export async function customerWrites(
  server: TestServer,
  world: { company: { id: number }; connection: TicketWorld['connection'] },
  options: { number?: string; name?: string; text?: string } = {},
) {
  const number = options.number ?? uniquePhone();
  await server.messaging.inbound.ingest(
    world.connection.descriptor,
    inboundMessage({ chatId: number, pushName: options.name ?? 'Maria Souza', text: options.text ?? 'Olá' }),
  );
  await server.messaging.inbound.idle();
  const ticket = await asCompany(server, world.company.id, (tx) =>
    tx
      .selectFrom('tickets')
      .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
      .where('contacts.number', '=', number)
      .where('tickets.whatsappId', '=', world.connection.id)
      .selectAll('tickets')
      .executeTakeFirstOrThrow(),
  );
  return { ...ticket, number };
}

/** Moves a ticket straight to a state (setup only: no cycle or event). */
export function setTicket(
  server: TestServer,
  companyId: number,
  ticketId: number,
  set: { status?: 'pending' | 'open' | 'closed'; userId?: number | null; queueId?: number | null },
) {
  return asCompany(server, companyId, (tx) =>
    tx.updateTable('tickets').set(set).where('id', '=', ticketId).execute(),
  );
}

/** An agent (profile user) in the given queues, logged in. */
export async function agentIn(
  server: TestServer,
  company: { id: number; name: string; planId: number },
  queueIds: number[],
  options: { allTicket?: 'enabled' | 'desabled'; name?: string } = {},
) {
  const user = await buildUser(server, company, { profile: 'user', ...options });
  if (queueIds.length) {
    await asCompany(server, company.id, (tx) =>
      tx
        .insertInto('userQueues')
        .values(queueIds.map((queueId) => ({ companyId: company.id, userId: user.id, queueId })))
        .execute(),
    );
  }
  const { token } = await login(server, user);
  return { ...user, token };
}

export const queueOf = (server: TestServer, companyId: number) => buildQueue(server, companyId);

export function setCompanySetting(server: TestServer, companyId: number, key: SettingKey, value: string) {
  return asCompany(server, companyId, (tx) => saveSetting(tx, key, value));
}

export function cyclesOf(server: TestServer, companyId: number, ticketId: number) {
  return asCompany(server, companyId, (tx) =>
    tx.selectFrom('ticketTracking').where('ticketId', '=', ticketId).selectAll().orderBy('id').execute(),
  );
}

export function ticketRow(server: TestServer, companyId: number, ticketId: number) {
  return asCompany(server, companyId, (tx) =>
    tx.selectFrom('tickets').where('id', '=', ticketId).selectAll().executeTakeFirstOrThrow(),
  );
}

export function automaticMessagesOf(server: TestServer, companyId: number, ticketId: number) {
  return asCompany(server, companyId, (tx) =>
    tx
      .selectFrom('messages')
      .where('ticketId', '=', ticketId)
      .where('isAutomatic', '=', true)
      .select(['body', 'origin', 'fromMe'])
      .orderBy('id')
      .execute(),
  );
}

let rowSequence = 0;

/**
 * A ticket row built directly (list tests need many): its contact, optional messages (oldest first), tags and
 * times. No cycle, no event.
 */
export async function buildTicketRow(
  server: TestServer,
  companyId: number,
  options: {
    whatsappId?: number | null;
    status?: 'pending' | 'open' | 'closed';
    userId?: number | null;
    queueId?: number | null;
    name?: string;
    number?: string;
    messages?: string[];
    unreadMessages?: number;
    tagIds?: number[];
    createdAt?: Date;
    updatedAt?: Date;
  } = {},
) {
  return asCompany(server, companyId, async (tx) => {
    const contact = await tx
      .insertInto('contacts')
      .values({
        companyId,
        name: options.name ?? `Contact ${++rowSequence}`,
        number: options.number ?? uniquePhone(),
      })
      .returning(['id', 'name', 'number'])
      .executeTakeFirstOrThrow();
    const ticket = await tx
      .insertInto('tickets')
      .values({
        companyId,
        contactId: contact.id,
        whatsappId: options.whatsappId ?? null,
        status: options.status ?? 'pending',
        userId: options.userId ?? null,
        queueId: options.queueId ?? null,
        unreadMessages: options.unreadMessages ?? 0,
        // The messages below have no queue: their count, as the ticket touches would have kept it.
        messageCounts: JSON.stringify(options.messages?.length ? { none: options.messages.length } : {}),
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
        updatedAt: options.updatedAt ?? new Date(Date.now() + ++rowSequence),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const body of options.messages ?? []) {
      await tx
        .insertInto('messages')
        .values({ companyId, ticketId: ticket.id, contactId: contact.id, body, origin: 'customer' })
        .execute();
    }
    if (options.tagIds?.length) {
      await tx
        .insertInto('ticketTags')
        .values(options.tagIds.map((tagId) => ({ companyId, ticketId: ticket.id, tagId })))
        .execute();
    }
    return { ...ticket, contact };
  });
}

export function buildTag(
  server: TestServer,
  companyId: number,
  options: { kanban?: 0 | 1; name?: string } = {},
) {
  return asCompany(server, companyId, (tx) =>
    tx
      .insertInto('tags')
      .values({ companyId, name: options.name ?? `Tag ${++rowSequence}`, kanban: options.kanban ?? 0 })
      .returning(['id', 'name', 'color', 'kanban'])
      .executeTakeFirstOrThrow(),
  );
}
