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

/**
 * The company's cycles in the period with their times in minutes: support = started → rating or finish, wait =
 * queued → started (server-behaviour 18).
 */
function cyclesInPeriod(tx: TenantTx, period: Period) {
  return sql`
    select tt.id, tt.user_id, tt.finished_at, tt.started_at,
      extract(epoch from (coalesce(tt.rating_at, tt.finished_at) - tt.started_at)) / 60 as support_min,
      extract(epoch from (tt.started_at - tt.queued_at)) / 60 as wait_min
    from ticket_tracking tt
    where tt.company_id = ${tx.companyId} and ${inPeriod(sql.ref('tt.queued_at'), period)}`;
}

/** Every counter in one statement: the cycle averages, today's open/pending tickets and the period's leads. */
export async function companyCounters(tx: TenantTx, period: Period): Promise<CompanyCounters> {
  const { rows } = await sql<CompanyCounters>`
    with cycles as (${cyclesInPeriod(tx, period)}),
    first_cycles as (
      select t.contact_id, min(tt.queued_at) as first_at
      from ticket_tracking tt
      join tickets t on t.company_id = tt.company_id and t.id = tt.ticket_id
      where tt.company_id = ${tx.companyId}
      group by t.contact_id
    )
    select
      coalesce(round(avg(c.support_min) filter (where c.support_min > 0)), 0)::int as "avgSupportTime",
      coalesce(round(avg(c.wait_min) filter (where c.started_at is not null)), 0)::int as "avgWaitTime",
      (select count(*) from tickets where company_id = ${tx.companyId} and status = 'open')::int
        as "supportHappening",
      (select count(*) from tickets where company_id = ${tx.companyId} and status = 'pending')::int
        as "supportPending",
      (count(*) filter (where c.finished_at is not null))::int as "supportFinished",
      (select count(*) from first_cycles f where ${inPeriod(sql.ref('f.first_at'), period)})::int as "leads"
    from cycles c`.execute(tx.db);
  const [row] = rows;
  if (!row) throw new Error('dashboard counters returned no row');
  return row;
}

/** Every user of the company by name with their cycles of the period and the mean rating of those cycles. */
export async function attendants(tx: TenantTx, period: Period): Promise<DashboardAttendant[]> {
  const { rows } = await sql<DashboardAttendant>`
    with cycles as (${cyclesInPeriod(tx, period)}),
    ratings as (
      select c.user_id, avg(ur.rate) as rating
      from cycles c
      join user_ratings ur on ur.company_id = ${tx.companyId} and ur.tracking_id = c.id
      group by c.user_id
    )
    select u.id, u.name, u.online,
      coalesce(round(avg(c.support_min) filter (where c.support_min > 0)), 0)::int as "avgSupportTime",
      count(c.id)::int as "tickets",
      coalesce(round(max(r.rating), 2), 0)::float8 as "rating"
    from users u
    left join cycles c on c.user_id = u.id
    left join ratings r on r.user_id = u.id
    where u.company_id = ${tx.companyId}
    group by u.id, u.name, u.online
    order by u.name, u.id`.execute(tx.db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    avgSupportTime: r.avgSupportTime,
    tickets: r.tickets,
    rating: r.rating,
    online: r.online,
  }));
}

/** Cycles finished in [from, to] local days per user, users with none included. */
export async function finishedPerUser(
  tx: TenantTx,
  period: Period,
): Promise<Array<{ quantidade: number; nome: string }>> {
  const { rows } = await sql<{ quantidade: number; nome: string }>`
    select count(tt.id)::int as "quantidade", u.name as "nome"
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
