import { sql } from 'kysely';
import type { DashboardAttendant } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';
import { inPeriod, type Period } from './period';

export interface CompanyCounters {
  avgSupportTime: number;
  avgWaitTime: number;
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
}

export interface PeriodFigures {
  counters: CompanyCounters;
  attendants: DashboardAttendant[];
}

/** One group of the period's cycles: a user's (`total` false; user_id null for unassigned) or all of them. */
interface CycleGroup {
  userId: number | null;
  total: boolean;
  avgSupportTime: number;
  avgWaitTime: number;
  cycles: number;
  finished: number;
  rating: number;
}

/**
 * The counters and attendants of a period (server-behaviour 18). Times in minutes: support = started → rating or
 * finish, wait = queued → started. The period's cycles are read once, grouped per user and in total (grouping
 * sets), from an index that holds every column they need; leads come from each contact's first cycle, kept on
 * the contact (migration 2026112240).
 */
export async function periodFigures(tx: TenantTx, period: Period): Promise<PeriodFigures> {
  const { rows: groups } = await sql<CycleGroup>`
    select tt.user_id as "userId", grouping(tt.user_id) = 1 as "total",
      coalesce(round(avg(t.support_min) filter (where t.support_min > 0)), 0)::int as "avgSupportTime",
      coalesce(round(avg(t.wait_min) filter (where tt.started_at is not null)), 0)::int as "avgWaitTime",
      count(*)::int as "cycles",
      (count(*) filter (where tt.finished_at is not null))::int as "finished",
      coalesce(round(avg(ur.rate), 2), 0)::float8 as "rating"
    from ticket_tracking tt
    cross join lateral (
      select extract(epoch from (coalesce(tt.rating_at, tt.finished_at) - tt.started_at)) / 60 as support_min,
        extract(epoch from (tt.started_at - tt.queued_at)) / 60 as wait_min
    ) t
    left join user_ratings ur on ur.company_id = tt.company_id and ur.tracking_id = tt.id
    where tt.company_id = ${tx.companyId} and ${inPeriod(sql.ref('tt.queued_at'), period)}
    group by grouping sets ((tt.user_id), ())`.execute(tx.db);
  const { rows: users } = await sql<{ id: number; name: string; online: boolean }>`
    select id, name, online from users where company_id = ${tx.companyId} order by name, id`.execute(tx.db);
  const { rows: now } = await sql<{ supportHappening: number; supportPending: number; leads: number }>`
    select
      (select count(*) from tickets where company_id = ${tx.companyId} and status = 'open')::int
        as "supportHappening",
      (select count(*) from tickets where company_id = ${tx.companyId} and status = 'pending')::int
        as "supportPending",
      (select count(*) from contacts
        where company_id = ${tx.companyId} and first_queued_at is not null
          and ${inPeriod(sql.ref('first_queued_at'), period)})::int as "leads"`.execute(tx.db);

  const total = groups.find((g) => g.total);
  const byUser = new Map(groups.filter((g) => !g.total && g.userId !== null).map((g) => [g.userId, g]));
  return {
    counters: {
      avgSupportTime: total?.avgSupportTime ?? 0,
      avgWaitTime: total?.avgWaitTime ?? 0,
      supportHappening: now[0]?.supportHappening ?? 0,
      supportPending: now[0]?.supportPending ?? 0,
      supportFinished: total?.finished ?? 0,
      leads: now[0]?.leads ?? 0,
    },
    attendants: users.map((u) => {
      const mine = byUser.get(u.id);
      return {
        id: u.id,
        name: u.name,
        avgSupportTime: mine?.avgSupportTime ?? 0,
        tickets: mine?.cycles ?? 0,
        rating: mine?.rating ?? 0,
        online: u.online,
      };
    }),
  };
}

/** Cycles finished in [from, to] local days per user, users with none included. */
export async function finishedPerUser(
  tx: TenantTx,
  period: Period,
): Promise<Array<{ quantidade: number; nome: string }>> {
  const { rows } = await sql<{ quantidade: number; nome: string }>`
    -- finished_at, not id: the (company, user, finished_at) index answers without visiting the table.
    select count(tt.finished_at)::int as "quantidade", u.name as "nome"
    from users u
    left join ticket_tracking tt
      on tt.company_id = u.company_id and tt.user_id = u.id and tt.finished_at is not null
      and ${inPeriod(sql.ref('tt.finished_at'), period)}
    where u.company_id = ${tx.companyId}
    group by u.id, u.name
    order by u.name, u.id`.execute(tx.db);
  return rows;
}

/** Cycles created per local day (`dd/MM/yyyy`, in date order) or, for one day, per local hour. */
export async function createdPerDay(
  tx: TenantTx,
  period: Period,
): Promise<Array<{ total: number; data: string }>> {
  const { rows } = await sql<{ total: number; data: string }>`
    select count(*)::int as "total", to_char(d.day, 'DD/MM/YYYY') as "data"
    from (
      select (tt.queued_at at time zone ${period.timeZone})::date as day
      from ticket_tracking tt
      where tt.company_id = ${tx.companyId} and ${inPeriod(sql.ref('tt.queued_at'), period)}
    ) d
    group by d.day
    order by d.day`.execute(tx.db);
  return rows;
}

export async function createdPerHour(
  tx: TenantTx,
  period: Period,
): Promise<Array<{ total: number; horario: number }>> {
  const { rows } = await sql<{ total: number; horario: number }>`
    select count(*)::int as "total",
      extract(hour from tt.queued_at at time zone ${period.timeZone})::int as "horario"
    from ticket_tracking tt
    where tt.company_id = ${tx.companyId} and ${inPeriod(sql.ref('tt.queued_at'), period)}
    group by 2
    order by 2`.execute(tx.db);
  return rows;
}
