import { SCHEDULE_LATE_AFTER_MS, SCHEDULE_MAX_ATTEMPTS } from '@zapdesk/contracts';
import type { AppContext } from '../../../platform/context';
import type { TenantTx } from '../../../platform/tenancy';
import { findOrCreateTicketQuietly } from '../../tickets';
import { chatIdOfContact, lockChat } from '../../contacts';
import { sendMessage, type OutgoingEnv } from '../../messages';
import { findConnectedDefault } from '../../whatsapps';
import { scheduleSaved } from '../schedules.events';
import { presentSchedule } from '../schedules.presenter';
import { loadScheduleView } from '../schedules.service';
import type { ClaimedSchedule } from './claim-schedules';
import { NO_CONNECTION, NO_CONTACT, notConnected, schedulePart, SendRefused } from './schedule-parts';

/** The platform and what storing our messages needs (the outbox port, handed over at wiring). */
export interface ScheduleSenderEnv {
  ctx: AppContext;
  messages: OutgoingEnv;
}

/**
 * The author's default connection, else the company's default connected one (the rule of findDefaultConnection
 * in the whatsapps module, read here in one statement with the author's name), or none.
 */
async function connectionFor(tx: TenantTx, userId: number | null) {
  const own =
    userId === null
      ? undefined
      : await tx
          .selectFrom('users')
          .leftJoin('whatsapps', 'whatsapps.id', 'users.whatsappId')
          .where('users.id', '=', userId)
          .select(['users.name as userName', 'whatsapps.id', 'whatsapps.name', 'whatsapps.status'])
          .executeTakeFirst();
  const userName = own?.userName ?? null;
  if (own && own.id !== null && own.name !== null && own.status !== null) {
    return { connection: { id: own.id, name: own.name, status: own.status }, userName };
  }
  return { connection: await findConnectedDefault(tx), userName };
}

/**
 * Sends one claimed schedule in its company's transaction: the row is locked and must still be the claim we
 * made (an edit sets it back to PENDENTE, a stale-claim release may hand it to another node), then the message
 * is stored in the contact's ticket and queued, and the row becomes ENVIADA, all or nothing. Answers whether it
 * was sent; a refusal throws SendRefused with its reason.
 */
async function sendInTransaction(
  env: ScheduleSenderEnv,
  tx: TenantTx,
  claim: ClaimedSchedule,
  now: Date,
): Promise<boolean> {
  const row = await tx
    .selectFrom('schedules')
    .where('id', '=', claim.id)
    .selectAll()
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.status !== 'AGENDADA' || row.attempts !== claim.attempts) return false;
  const contact = await tx
    .selectFrom('contacts')
    .where('id', '=', row.contactId)
    .selectAll()
    .executeTakeFirst();
  if (!contact) throw new SendRefused(NO_CONTACT);
  const { connection, userName } = await connectionFor(tx, row.userId);
  if (!connection) throw new SendRefused(NO_CONNECTION);
  if (connection.status !== 'CONNECTED') {
    throw new SendRefused(notConnected(connection.name));
  }
  await lockChat(tx, connection.id, chatIdOfContact(contact));
  const found = await findOrCreateTicketQuietly(tx, {
    contactId: contact.id,
    whatsappId: connection.id,
    isGroup: contact.isGroup,
  });
  // The message and its outbox row commit with ENVIADA below; the events go out after the commit.
  await sendMessage(tx, env.messages, {
    ticket: found.ticket,
    contact,
    parts: [schedulePart(row, contact, found.ticket.id, env.ctx.config.timeZone)],
    origin: 'schedule',
  });
  const sent = await tx
    .updateTable('schedules')
    .set({
      status: 'ENVIADA',
      sentAt: now,
      late: now.getTime() - row.sendAt.getTime() > SCHEDULE_LATE_AFTER_MS,
      ticketId: found.ticket.id,
      whatsappId: connection.id,
      lastError: null,
      updatedAt: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Presented from what this transaction already read: at 10,000 sends a minute every statement counts.
  const view = presentSchedule({
    ...sent,
    contactName: contact.name,
    contactNumber: contact.number,
    userName,
  });
  scheduleSaved(env.ctx, tx, 'update', view);
  return true;
}

/**
 * A failed attempt: back to PENDENTE for the next sweep, or ERRO with the reason after the last attempt. Only a
 * row still holding our claim is touched.
 */
export async function recordFailure(
  env: ScheduleSenderEnv,
  claim: ClaimedSchedule,
  reason: string,
  now: Date,
) {
  await env.ctx.scopes.tenant(claim.companyId).run(async (tx) => {
    const final = claim.attempts >= SCHEDULE_MAX_ATTEMPTS;
    const result = await tx
      .updateTable('schedules')
      .set({ status: final ? 'ERRO' : 'PENDENTE', lastError: reason, updatedAt: now })
      .where('id', '=', claim.id)
      .where('status', '=', 'AGENDADA')
      .where('attempts', '=', claim.attempts)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n)
      scheduleSaved(env.ctx, tx, 'update', await loadScheduleView(tx, claim.id));
  });
}

/** Sends one claimed schedule; a failure is recorded on the row, never thrown. Answers whether it was sent. */
export async function sendClaimedSchedule(
  env: ScheduleSenderEnv,
  claim: ClaimedSchedule,
  now = new Date(),
): Promise<boolean> {
  try {
    return await env.ctx.scopes.tenant(claim.companyId).run((tx) => sendInTransaction(env, tx, claim, now));
  } catch (error) {
    const reason =
      error instanceof SendRefused ? error.message : 'The message could not be stored for sending';
    if (!(error instanceof SendRefused)) {
      env.ctx.log.error({ err: error, scheduleId: claim.id }, 'scheduled message send failed');
    }
    await recordFailure(env, claim, reason, now).catch((err: unknown) =>
      env.ctx.log.error({ err, scheduleId: claim.id }, 'scheduled message failure not recorded'),
    );
    return false;
  }
}
