// Arranges benchmark data directly in SQL (set-based, fast). Each call makes its own company.
import bcrypt from 'bcryptjs';
import type pg from 'pg';

export const BENCH_PASSWORD = 'Bench12345';

const surnames = ['Silva', 'Souza', 'Conceição', 'Oliveira', 'Pereira', 'Lima', 'Gonçalves', 'Araújo'];

export interface BenchCompany {
  companyId: number;
  admin: { id: number; email: string };
  /** E-mails of the non-admin users, in creation order. */
  userEmails: string[];
}

/** A company on an unlimited plan with one admin and `users` more users named "Bench User 0001 <surname>". */
export async function createCompanyWithUsers(db: pg.Pool, users: number): Promise<BenchCompany> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const hash = await bcrypt.hash(BENCH_PASSWORD, 10);
  const client = await db.connect();
  try {
    await client.query('begin');
    const plan = await client.query<{ id: number }>(
      `insert into plans (name, users, connections, queues, value) values ($1, 0, 0, 0, 0) returning id`,
      [`Bench plan ${tag}`],
    );
    const company = await client.query<{ id: number }>(
      `insert into companies (name, email, status, plan_id, due_date, recurrence)
       values ($1, $2, true, $3, current_date + 365, 'MENSAL') returning id`,
      [`Bench company ${tag}`, `bench-${tag}@company.test`, plan.rows[0]!.id],
    );
    const companyId = company.rows[0]!.id;
    const adminEmail = `bench-admin-${tag}@bench.test`;
    const admin = await client.query<{ id: number }>(
      `insert into users (company_id, name, email, password_hash, profile)
       values ($1, 'Bench Admin', $2, $3, 'admin') returning id`,
      [companyId, adminEmail, hash],
    );
    const created = await client.query<{ email: string }>(
      `insert into users (company_id, name, email, password_hash, profile, created_at)
       select $1,
              'Bench User ' || lpad(g::text, 4, '0') || ' ' || ($4::text[])[1 + g % cardinality($4::text[])],
              'bench-' || g || '-' || $2 || '@bench.test',
              $3, 'user', now() - g * interval '1 second'
         from generate_series(1, $5::int) g
       returning email`,
      [companyId, tag, hash, surnames, users],
    );
    await client.query('commit');
    return {
      companyId,
      admin: { id: admin.rows[0]!.id, email: adminEmail },
      userEmails: created.rows.map((r) => r.email),
    };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}
