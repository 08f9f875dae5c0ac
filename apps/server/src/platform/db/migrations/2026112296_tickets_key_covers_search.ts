import { run, type MigrationDb } from '../migration-helpers';

/**
 * The tickets' primary key carries what a history search reads of each matching ticket: its company (the
 * policy), `updated_at` (the order) and `status`, `user_id`, `queue_id` (the visibility rules). A common word
 * matches thousands of tickets, all of which the search counts and sorts: it looked each one up in the key and
 * then read it from the table, 5,000 heap reads for "cafeteira" in the benchmark's dataset. The key now answers
 * alone (an index-only scan), 1.3–2.3 ms less per search. No foreign key references this key (they reference
 * (company_id, id)), and every ticket update already rewrites its index entries, since `updated_at` is in other
 * indexes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table tickets
       drop constraint tickets_pkey,
       add constraint tickets_pkey primary key (id) include (company_id, updated_at, status, user_id, queue_id);`,
  );
}
