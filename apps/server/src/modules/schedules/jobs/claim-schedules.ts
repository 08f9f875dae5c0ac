import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context';
import { activeCompany } from '../../tickets';

/** A failed attempt is tried again this long after it failed, not in the same sweep. */
export const SCHEDULE_RETRY_AFTER_MS = 10_000;

export interface ClaimedSchedule {
  id: number;
  companyId: number;
  attempts: number;
}

/**
 * Claims up to `limit` due PENDENTE schedules (→ AGENDADA, one more attempt) in one statement: rows another
 * node is claiming are skipped (FOR UPDATE SKIP LOCKED), so a row is claimed once; a row that failed waits
 * SCHEDULE_RETRY_AFTER_MS before its next attempt. Companies that are blocked
 * or whose plan has no schedules are held (server-behaviour 1.5, 1.6).
 */
export function claimDueSchedules(ctx: AppContext, now: Date, limit: number): Promise<ClaimedSchedule[]> {
  return ctx.scopes.asSystem((tx) =>
    tx.db
      .updateTable('schedules')
      .set({ status: 'AGENDADA', attempts: sql<number>`attempts + 1`, updatedAt: now })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('schedules as due')
          .innerJoin('companies', 'companies.id', 'due.companyId')
          .innerJoin('plans', 'plans.id', 'companies.planId')
          .where('due.status', '=', 'PENDENTE')
          .where('due.sendAt', '<=', now)
          .where((eb) =>
            eb.or([
              eb('due.attempts', '=', 0),
              eb('due.updatedAt', '<=', new Date(now.getTime() - SCHEDULE_RETRY_AFTER_MS)),
            ]),
          )
          .where('plans.useSchedules', '=', true)
          .where(activeCompany(ctx.config.timeZone, now))
          .select('due.id')
          .orderBy('due.sendAt')
          .limit(limit)
          .forUpdate('due')
          .skipLocked(),
      )
      .returning(['id', 'companyId', 'attempts'])
      .execute(),
  );
}

/**
 * AGENDADA rows whose claim is older than `staleMs` were left by a crash (a live claim is settled in
 * seconds): back to PENDENTE, to be claimed again. Nothing of theirs was sent, since the message is stored in
 * the same transaction that marks a row ENVIADA; a sender still holding one finds it no longer AGENDADA and
 * leaves it.
 */
export async function releaseStaleClaims(ctx: AppContext, now: Date, staleMs: number): Promise<number> {
  const before = new Date(now.getTime() - staleMs);
  const released = await ctx.scopes.asSystem((tx) =>
    tx.db
      .updateTable('schedules')
      .set({ status: 'PENDENTE', updatedAt: now })
      .where('status', '=', 'AGENDADA')
      .where('updatedAt', '<=', before)
      .executeTakeFirst(),
  );
  return Number(released.numUpdatedRows);
}
