import { run, type MigrationDb } from '../migration-helpers';

/**
 * Failed logins per account and per client address, shared by every node (issue 16): an attacker who spreads
 * guesses over nodes, or forges X-Forwarded-For, still meets the limits. System table: the key is a hash of the
 * e-mail or the address, never the text typed (people type passwords into the e-mail field).
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `create table login_failures (
       key text primary key,
       failures integer not null,
       window_started_at timestamptz not null default now(),
       last_failure_at timestamptz not null default now(),
       blocked_until timestamptz
     );
     create index login_failures_last_failure_idx on login_failures (last_failure_at);`,
  );
}
