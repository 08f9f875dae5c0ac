// Direct database access for arranging tests quickly (the postgres superuser, so row-level security
// does not apply) and for reading what the server wrote (mail outbox, token versions).
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { inject } from 'vitest';

let pool: pg.Pool | undefined;

function db(): pg.Pool {
  // allowExitOnIdle: the test worker may end without closing it.
  pool ??= new pg.Pool({ connectionString: inject('databaseUrl'), max: 2, allowExitOnIdle: true });
  return pool;
}

/** Runs one parameterised statement and answers its rows. */
export async function sql<T extends pg.QueryResultRow = Record<string, any>>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const result = await db().query<T>(text, values);
  return result.rows;
}

/** A short unique suffix for names and e-mails. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** yyyy-MM-dd of today plus the given days, in the server's time zone. */
export function isoDay(daysFromToday: number): string {
  const day = new Date(Date.now() + daysFromToday * 86_400_000);
  return day.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
}

/** dd/MM/yyyy of a yyyy-MM-dd date, as the interface shows dates. */
export function brDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export interface TestCompany {
  id: number;
  name: string;
  dueDate: string;
}

/** A company on the seeded plan "Plano 1", due in 30 days unless told. */
export async function createCompany(options: { name?: string; dueDate?: string } = {}): Promise<TestCompany> {
  const name = options.name ?? `E2E Company ${unique()}`;
  const dueDate = options.dueDate ?? isoDay(30);
  const [row] = await sql<{ id: number }>(
    `insert into companies (name, email, phone, status, plan_id, due_date, recurrence)
     values ($1, $2, '', true, (select id from plans where name = 'Plano 1'), $3, 'MENSAL')
     returning id`,
    [name, `${unique()}@company.test`, dueDate],
  );
  return { id: row!.id, name, dueDate };
}

export interface TestUser {
  id: number;
  companyId: number;
  name: string;
  email: string;
  password: string;
  profile: 'admin' | 'user' | 'supervisor';
}

const hashes = new Map<string, string>();

/** A user of the company; password "Secret123" and profile admin unless told. */
export async function createUser(options: {
  companyId: number;
  profile?: TestUser['profile'];
  name?: string;
  email?: string;
  password?: string;
}): Promise<TestUser> {
  const password = options.password ?? 'Secret123';
  const hash = hashes.get(password) ?? (await bcrypt.hash(password, 10));
  hashes.set(password, hash);
  const user = {
    companyId: options.companyId,
    name: options.name ?? `E2E User ${unique().slice(-5)}`,
    email: options.email ?? `e2e-${unique()}@example.test`,
    password,
    profile: options.profile ?? 'admin',
  };
  const [row] = await sql<{ id: number }>(
    `insert into users (company_id, name, email, password_hash, profile)
     values ($1, $2, $3, $4, $5) returning id`,
    [user.companyId, user.name, user.email, hash, user.profile],
  );
  return { id: row!.id, ...user };
}

/** A fresh company with one admin user. */
export async function createCompanyWithAdmin(
  options: { dueDate?: string } = {},
): Promise<{ company: TestCompany; admin: TestUser }> {
  const company = await createCompany(options);
  const admin = await createUser({ companyId: company.id, profile: 'admin' });
  return { company, admin };
}

/** The user's current token version (bumped by every login, logout and password reset). */
export async function tokenVersionOf(userId: number): Promise<number> {
  const [row] = await sql<{ token_version: number }>('select token_version from users where id = $1', [
    userId,
  ]);
  if (!row) throw new Error(`user ${userId} not found`);
  return row.token_version;
}

/** The newest mail kept for an address, or undefined. */
export async function latestMailTo(
  address: string,
): Promise<{ subject: string; text_body: string; created_at: Date } | undefined> {
  const rows = await sql<{ subject: string; text_body: string; created_at: Date }>(
    `select subject, text_body, created_at from mail_outbox
     where lower(to_address) = lower($1) order by created_at desc, id desc limit 1`,
    [address],
  );
  return rows[0];
}
