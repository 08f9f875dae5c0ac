// PG_STAT_STATEMENTS=1 npm run bench -- <name>: the embedded PostgreSQL preloads pg_stat_statements and each
// benchmark is followed by the statements that cost PostgreSQL the most during it. For finding where a
// benchmark's database time goes; off by default (the extension costs a little on every statement).
import type pg from 'pg';

export const pgProfileEnabled = process.env.PG_STAT_STATEMENTS === '1';

/** Creates the extension if needed and forgets what came before (called before each benchmark). */
export async function resetPgProfile(db: pg.Pool): Promise<void> {
  await db.query('create extension if not exists pg_stat_statements');
  await db.query('select pg_stat_statements_reset()');
}

/** The `top` statements by total execution time since the last reset, one line each. */
export async function pgProfileLines(
  db: pg.Pool,
  top = Number(process.env.PG_STAT_TOP ?? 15),
): Promise<string[]> {
  const { rows } = await db.query<{ total: number; calls: string; mean: number; query: string }>(
    `select round(total_exec_time::numeric, 0)::float as total, calls::text,
            round(mean_exec_time::numeric, 3)::float as mean, query
       from pg_stat_statements order by total_exec_time desc limit $1`,
    [top],
  );
  return rows.map(
    (r) =>
      `${String(r.total).padStart(8)} ms total  ${r.calls.padStart(7)} calls  ${String(r.mean).padStart(8)} ms mean  ` +
      r.query.replace(/\s+/g, ' ').slice(0, 220),
  );
}
