import { sql, type RawBuilder } from 'kysely';
import type { DashboardAttendant } from '@zapdesk/contracts';
import type { TenantTx } from '../../platform/tenancy';
import { hoursAreLocal, inPeriod, periodBounds, type Period } from './period';

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
 * Cycles of the company whose `column` lies in the period but outside its whole hours (see periodBounds), with
 * the columns the figures read; needs the `b` row of periodBounds in scope.
 */
function edgeCycles(companyId: number, column: 'queued_at' | 'finished_at'): RawBuilder<unknown> {
  const at = sql.ref(`tt.${column}`);
  const cycles = (range: RawBuilder<boolean>) => sql`
    select tt.id, tt.user_id, tt.queued_at, tt.started_at, tt.finished_at, tt.rating_at
    from b join ticket_tracking tt on tt.company_id = ${companyId} and ${range}`;
  return sql`${cycles(sql`${at} >= b.lo and ${at} < b.hour_lo`)}
    union all
    ${cycles(sql`${at} >= b.hour_hi and ${at} < b.hi`)}`;
}

/**
 * The company's cycle_totals rows of the period's whole days and hours (see periodBounds), with `columns`; needs
 * the `b` row in scope. Rows that count nothing `where` needs are left out (a day of closed cycles only is no
 * created day).
 */
function totalsRows(
  companyId: number,
  columns: RawBuilder<unknown>,
  where: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<unknown> {
  const rows = (span: 'hour' | 'day', from: string, to: string) => sql`
    select ${columns} from b join cycle_totals h
      on h.company_id = ${companyId} and h.span = ${span}
        and h.starts_at >= ${sql.ref(from)} and h.starts_at < ${sql.ref(to)}
    where ${where}`;
  return sql`${rows('day', 'b.day_lo', 'b.day_hi')}
    union all ${rows('hour', 'b.hour_lo', 'b.day_lo')}
    union all ${rows('hour', 'b.day_hi', 'b.hour_hi')}`;
}

/**
 * The counters and attendants of a period (server-behaviour 18). Times in minutes: support = started → rating or
 * finish, wait = queued → started. Whole days and hours come from cycle_totals (kept by triggers,
 * migrations 2026112262-63), the period's partial first and last hours from their cycles, with the same formulas, so the
 * averages are those of every cycle of the period; grouped per user and in total (grouping sets). Leads come from
 * each contact's first cycle, kept on the contact (migration 2026112240).
 */
export async function periodFigures(tx: TenantTx, period: Period): Promise<PeriodFigures> {
  const { rows: groups } = await sql<CycleGroup>`
    with b as (${periodBounds(period)}),
    parts as (
      ${totalsRows(
        tx.companyId,
        sql`h.user_id, h.cycles, h.finished, h.support_minutes, h.supported, h.wait_minutes, h.started,
          h.rating_sum, h.rated`,
      )}
      union all
      select tt.user_id, 1, (tt.finished_at is not null)::int,
        case when t.support > 0 then t.support else 0 end, (coalesce(t.support, 0) > 0)::int,
        coalesce(t.wait, 0), (tt.started_at is not null)::int, coalesce(t.rate, 0), (t.rate is not null)::int
      from (${edgeCycles(tx.companyId, 'queued_at')}) tt
      cross join lateral (
        select extract(epoch from (coalesce(tt.rating_at, tt.finished_at) - tt.started_at)) / 60 as support,
          extract(epoch from (tt.started_at - tt.queued_at)) / 60 as wait,
          -- Looked up per edge cycle (a few): a join let a generic plan hash every rating of the company.
          (select ur.rate from user_ratings ur
            where ur.company_id = ${tx.companyId} and ur.tracking_id = tt.id) as rate
      ) t
    )
    select p.user_id as "userId", grouping(p.user_id) = 1 as "total",
      coalesce(round(sum(p.support_minutes) / nullif(sum(p.supported), 0)), 0)::int as "avgSupportTime",
      coalesce(round(sum(p.wait_minutes) / nullif(sum(p.started), 0)), 0)::int as "avgWaitTime",
      coalesce(sum(p.cycles), 0)::int as "cycles",
      coalesce(sum(p.finished), 0)::int as "finished",
      coalesce(round(sum(p.rating_sum)::numeric / nullif(sum(p.rated), 0), 2), 0)::float8 as "rating"
    from parts p
    group by grouping sets ((p.user_id), ())`.execute(tx.unscoped());
  // The attendants and the live counters in one round trip.
  const { rows: now } = await sql<{
    users: Array<{ id: number; name: string; online: boolean }>;
    supportHappening: number;
    supportPending: number;
    leads: number;
  }>`
    select
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'online', u.online)
          order by u.name, u.id), '[]')
        from users u where u.company_id = ${tx.companyId}) as "users",
      c.open as "supportHappening", c.pending as "supportPending",
      (select count(*) from contacts
        where company_id = ${tx.companyId} and first_queued_at is not null
          and ${inPeriod(sql.ref('first_queued_at'), period)})::int as "leads"
    -- Open and pending from the ticket counts' rows (migration 2026112281), not from the tickets: one scan.
    from (select coalesce(sum(tickets) filter (where status = 'open'), 0)::int as open,
            coalesce(sum(tickets) filter (where status = 'pending'), 0)::int as pending
          from ticket_counts where company_id = ${tx.companyId} and status in ('open', 'pending')) c`.execute(
    tx.unscoped(),
  );
  const users = now[0]?.users ?? [];

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
    with b as (${periodBounds(period)}),
    closed as (
      ${totalsRows(tx.companyId, sql`h.user_id, h.closed as n`)}
      union all
      select tt.user_id, 1 from (${edgeCycles(tx.companyId, 'finished_at')}) tt
    )
    select coalesce(sum(c.n), 0)::int as "quantidade", u.name as "nome"
    from users u
    left join closed c on c.user_id = u.id
    where u.company_id = ${tx.companyId}
    group by u.id, u.name
    order by u.name, u.id`.execute(tx.unscoped());
  return rows;
}

/**
 * Cycles queued in the period, one row per whole hour (n cycles at its start) or per edge cycle. UTC days are
 * not local days: hours only, and none where UTC hours are not local hours.
 */
function createdCycles(tx: TenantTx, period: Period): RawBuilder<unknown> {
  return sql`
    with b as (${periodBounds(period, hoursAreLocal(period.timeZone) ? 'hours' : 'none')})
    ${totalsRows(tx.companyId, sql`h.starts_at as at, h.cycles as n`, sql<boolean>`h.cycles <> 0`)}
    union all
    select tt.queued_at, 1 from (${edgeCycles(tx.companyId, 'queued_at')}) tt`;
}

/** Cycles created per local day (`dd/MM/yyyy`, in date order) or, for one day, per local hour. */
export async function createdPerDay(
  tx: TenantTx,
  period: Period,
): Promise<Array<{ total: number; data: string }>> {
  const { rows } = await sql<{ total: number; data: string }>`
    select sum(d.n)::int as "total", to_char(d.day, 'DD/MM/YYYY') as "data"
    from (select (c.at at time zone ${period.timeZone})::date as day, c.n from (${createdCycles(tx, period)}) c) d
    group by d.day
    having sum(d.n) <> 0
    order by d.day`.execute(tx.unscoped());
  return rows;
}

export async function createdPerHour(
  tx: TenantTx,
  period: Period,
): Promise<Array<{ total: number; horario: number }>> {
  const { rows } = await sql<{ total: number; horario: number }>`
    select sum(c.n)::int as "total", extract(hour from c.at at time zone ${period.timeZone})::int as "horario"
    from (${createdCycles(tx, period)}) c
    group by 2
    having sum(c.n) <> 0
    order by 2`.execute(tx.unscoped());
  return rows;
}
