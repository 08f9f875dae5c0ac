import { run, type MigrationDb } from '../migration-helpers';

/** Broadcasts over NOTIFY's 8000-byte limit, for the socket.io PostgreSQL adapter (decision 0001). */
export async function up(db: MigrationDb): Promise<void> {
  // System table: it carries packets between nodes, never tenant data at rest (rows live seconds).
  await run(
    db,
    `create table socket_io_attachments (
       id bigserial unique,
       created_at timestamptz default now(),
       payload bytea
     );`,
  );
}
