import { run, type MigrationDb } from '../migration-helpers';

/** The dashboard's open and pending counters sum ticket_counts (migration 2026112281): this function is unused. */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, `drop function company_ticket_counts();`);
}
