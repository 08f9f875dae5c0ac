import { SCHEDULE_LATE_AFTER_MS } from '@zapdesk/contracts';
import { sql } from 'kysely';
import { anyOf } from '../../../platform/db/any-of';
import type { TenantTx } from '../../../platform/tenancy';
import { chatIdOfContact, lockChats, type ContactRow } from '../../contacts';
import { storeOutgoingMany, type OutgoingSend } from '../../messages';
import { findOrCreateTicketsQuietly } from '../../tickets';
import { findConnectedDefault } from '../../whatsapps';
import { scheduleSaved } from '../schedules.events';
import { presentSchedule } from '../schedules.presenter';
import type { ScheduleRow } from '../schedules.repository';
import type { ClaimedSchedule } from './claim-schedules';
import { NO_CONNECTION, NO_CONTACT, notConnected, schedulePart } from './schedule-parts';
import { recordFailure, sendClaimedSchedule, type ScheduleSenderEnv } from './send-schedule';

interface Connection {
  id: number;
  name: string;
  status: string;
}

/** A locked row still holding our claim, with what sending it needs. */
interface ReadyRow {
  row: ScheduleRow;
  contact: ContactRow;
  connection: Connection;
  userName: string | null;
}

interface Refusal {
  claim: ClaimedSchedule;
  reason: string;
}

/**
 * Each author's default connection, else the company's default connected one (the rule of `connectionFor` in
 * send-schedule.ts), for many authors in two statements at most: the authors with their connections, and the
 * company's fallback only when some row needs it.
 */
async function connectionsFor(tx: TenantTx, userIds: Array<number | null>) {
  const ids = [...new Set(userIds.filter((id): id is number => id !== null))];
  const own =
    ids.length === 0
      ? []
      : await tx
          .selectFrom('users')
          .leftJoin('whatsapps', 'whatsapps.id', 'users.whatsappId')
          .where('users.id', '=', anyOf(ids))
          .select([
            'users.id as userId',
            'users.name as userName',
            'whatsapps.id',
            'whatsapps.name',
            'whatsapps.status',
          ])
          .execute();
  const authors = new Map(own.map((a) => [a.userId, a]));
  const ownConnection = (userId: number | null): Connection | undefined => {
    const a = userId === null ? undefined : authors.get(userId);
    return a && a.id !== null && a.name !== null && a.status !== null
      ? { id: a.id, name: a.name, status: a.status }
      : undefined;
  };
  const fallback = userIds.every((id) => ownConnection(id) !== undefined)
    ? undefined
    : await findConnectedDefault(tx);
  return (userId: number | null) => ({
    connection: ownConnection(userId) ?? fallback,
    userName: (userId === null ? undefined : authors.get(userId)?.userName) ?? null,
  });
}

/** The claimed rows locked, those still ours (an edit or a stale-claim release takes a row back) kept. */
async function lockClaimedRows(tx: TenantTx, claims: ClaimedSchedule[]) {
  const claimed = new Map(claims.map((c) => [c.id, c]));
  const rows = await tx
    .selectFrom('schedules')
    .where('id', '=', anyOf([...claimed.keys()]))
    .selectAll()
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.flatMap((row) => {
    const claim = claimed.get(row.id);
    return claim && row.status === 'AGENDADA' && row.attempts === claim.attempts ? [{ row, claim }] : [];
  });
}

/**
 * The batch in one transaction of its company, with a fixed number of statements per connection instead of a
 * dozen per schedule: the rows locked, their contacts and connections read together, the chats' locks (before
 * any ticket row, as inbound processing takes them, in one sorted order), per connection the tickets found or
 * created together and the messages stored with their outbox rows (conversations, not bulk), then one update
 * marks every sent row ENVIADA, in the same commit as its message. Rows that cannot go are answered as refusals.
 */
async function sendBatchInTransaction(
  env: ScheduleSenderEnv,
  tx: TenantTx,
  claims: ClaimedSchedule[],
  now: Date,
): Promise<{ sent: number; refused: Refusal[] }> {
  const locked = await lockClaimedRows(tx, claims);
  if (locked.length === 0) return { sent: 0, refused: [] };
  const contactIds = [...new Set(locked.map(({ row }) => row.contactId))];
  const contacts = new Map(
    (await tx.selectFrom('contacts').where('id', '=', anyOf(contactIds)).selectAll().execute()).map((c) => [
      c.id,
      c,
    ]),
  );
  const connectionOf = await connectionsFor(
    tx,
    locked.map(({ row }) => row.userId),
  );
  const refused: Refusal[] = [];
  const byConnection = new Map<number, ReadyRow[]>();
  for (const { row, claim } of locked) {
    const contact = contacts.get(row.contactId);
    const { connection, userName } = connectionOf(row.userId);
    const refuse = (reason: string) => refused.push({ claim, reason });
    if (!contact) refuse(NO_CONTACT);
    else if (!connection) refuse(NO_CONNECTION);
    else if (connection.status !== 'CONNECTED') refuse(notConnected(connection.name));
    if (!contact || !connection || connection.status !== 'CONNECTED') continue;
    const group = byConnection.get(connection.id) ?? [];
    group.push({ row, contact, connection, userName });
    byConnection.set(connection.id, group);
  }
  const ready = [...byConnection.values()].flat();
  if (ready.length === 0) return { sent: 0, refused };
  await lockChats(
    tx,
    ready.map((r) => ({ whatsappId: r.connection.id, chatKey: chatIdOfContact(r.contact) })),
  );
  const ticketOf = new Map<number, number>();
  for (const [whatsappId, group] of byConnection) {
    const unique = new Map(group.map((r) => [r.contact.id, r.contact]));
    const tickets = await findOrCreateTicketsQuietly(tx, whatsappId, [...unique.values()]);
    const sends: OutgoingSend[] = group.map(({ row, contact }) => {
      const ticket = tickets.get(contact.id);
      if (!ticket) throw new Error(`no ticket for contact ${contact.id}`);
      ticketOf.set(row.id, ticket.id);
      return { ticket, contact, parts: [schedulePart(row, contact, ticket.id, env.ctx.config.timeZone)] };
    });
    await storeOutgoingMany(tx, env.messages, whatsappId, sends, { origin: 'schedule', bulk: false });
  }
  const sent = await tx
    .updateTable('schedules')
    .from(
      sql<{ id: number }>`(select unnest(${ready.map((r) => r.row.id)}::int[]) as id,
        unnest(${ready.map((r) => ticketOf.get(r.row.id) ?? 0)}::int[]) as ticket_id,
        unnest(${ready.map((r) => r.connection.id)}::int[]) as whatsapp_id,
        unnest(${ready.map((r) => now.getTime() - r.row.sendAt.getTime() > SCHEDULE_LATE_AFTER_MS)}::bool[])
          as late)`.as('sent'),
    )
    .set({
      status: 'ENVIADA',
      sentAt: now,
      late: sql<boolean>`sent.late`,
      ticketId: sql<number>`sent.ticket_id`,
      whatsappId: sql<number>`sent.whatsapp_id`,
      lastError: null,
      updatedAt: now,
    })
    .where(sql<boolean>`schedules.id = sent.id`)
    .returningAll('schedules')
    .execute();
  if (sent.length !== ready.length) throw new Error('scheduled rows changed while locked');
  const readyById = new Map(ready.map((r) => [r.row.id, r]));
  for (const row of sent) {
    const r = readyById.get(row.id);
    if (!r) continue;
    // Presented from what this transaction already read: no statement per row.
    const view = presentSchedule({
      ...row,
      contactName: r.contact.name,
      contactNumber: r.contact.number,
      userName: r.userName,
    });
    scheduleSaved(env.ctx, tx, 'update', view);
  }
  return { sent: sent.length, refused };
}

/**
 * Sends claimed schedules of one company together; answers how many were sent. A refused row is recorded on its
 * own (back to PENDENTE, or ERRO after its last attempt). When the batch's transaction fails as a whole, nothing
 * of it was stored, and its rows go one by one, so one bad row fails alone and never holds the others back.
 */
export async function sendClaimedBatch(
  env: ScheduleSenderEnv,
  companyId: number,
  claims: ClaimedSchedule[],
  now = new Date(),
): Promise<number> {
  if (claims.length === 0) return 0;
  let outcome: { sent: number; refused: Refusal[] };
  try {
    outcome = await env.ctx.scopes
      .tenant(companyId)
      .run((tx) => sendBatchInTransaction(env, tx, claims, now));
  } catch (error) {
    env.ctx.log.warn(
      { err: error, companyId, rows: claims.length },
      'schedule batch failed, sending one by one',
    );
    let sent = 0;
    for (const claim of claims) if (await sendClaimedSchedule(env, claim, now)) sent += 1;
    return sent;
  }
  for (const { claim, reason } of outcome.refused) {
    await recordFailure(env, claim, reason, now).catch((err: unknown) =>
      env.ctx.log.error({ err, scheduleId: claim.id }, 'scheduled message failure not recorded'),
    );
  }
  return outcome.sent;
}
