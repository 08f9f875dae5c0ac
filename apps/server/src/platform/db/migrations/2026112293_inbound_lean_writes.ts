import { run, type MigrationDb } from '../migration-helpers';

/**
 * Lighter writes for the inbound pipeline.
 * - The sweep's index of unprocessed events by receive time goes. A round reads each of its chats' events from the
 *   chat index, but while a backlog waited the planner, told by the statistics that hardly any event is ever
 *   unprocessed, read the whole backlog through the sweep's index in every round instead. The sweep now walks
 *   the chat index, which holds the same events.
 * - Messages and inbound events lose their own foreign key to the company. A message's ticket and an event's
 *   connection are in the same company (composite keys) and are deleted with it, taking these rows along; the
 *   extra key only locked the company's row once more for every row written.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `drop index if exists inbound_events_pending_idx;
     alter table messages drop constraint messages_company_id_fkey;
     alter table inbound_events drop constraint inbound_events_company_id_fkey;`,
  );
}
