import { run, type MigrationDb } from '../migration-helpers';

/**
 * Every inbound event row is written twice (stored, then marked processed, never a HOT update because status is
 * in the partial indexes), so each index costs two entries per event. No query reads events by company and
 * receive time (the sweep has its own partial index, processing reads by chat), so that index goes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, `drop index if exists inbound_events_company_received_idx;`);
}
