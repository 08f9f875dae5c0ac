import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** Commands for a connection's session (start, refresh, logout…) that the node owning its lease carries out. */
export async function up(db: MigrationDb): Promise<void> {
  // No foreign key to whatsapps on purpose: a deleted connection's owner must still get its "remove".
  await createTenantTable(
    db,
    'session_commands',
    `whatsapp_id integer not null,
     command text not null check (command in ('start','refresh','logout','wake','remove')),
     created_at timestamptz not null default now()`,
  );
  await run(
    db,
    `create index session_commands_whatsapp_idx on session_commands (company_id, whatsapp_id, id);
     comment on table session_commands is
       'Session commands for the node holding the connection''s lease (leases.resource = whatsapp:{id}); deleted when run';`,
  );
}
