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
