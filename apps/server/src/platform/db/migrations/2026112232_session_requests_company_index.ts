import { run, type MigrationDb } from '../migration-helpers';

/** The owner takes waiting requests by (company, connection): lead the index with company_id like every other. */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `drop index if exists session_requests_pending_idx;
     create index session_requests_pending_idx on session_requests (company_id, whatsapp_id, id)
       where status = 'pending';`,
  );
}
