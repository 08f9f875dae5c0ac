import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * Operations on a connection's live session asked by a node that does not own it (check a number, delete a
 * message for everyone, a profile picture): the owner answers in the row, the asker waits for the answer.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'session_requests',
    `whatsapp_id integer not null,
     request jsonb not null,
     status text not null default 'pending' check (status in ('pending','running','done','failed')),
     answer jsonb,
     error text,
     transient boolean not null default false,
     created_at timestamptz not null default now(),
     answered_at timestamptz`,
  );
  await run(
    db,
    `create index session_requests_pending_idx on session_requests (whatsapp_id, id) where status = 'pending';
     comment on table session_requests is
       'Live-session operations for the node holding the connection''s lease; the asker deletes the row once answered';
     comment on column session_requests.request is 'The operation and its arguments, e.g. {"op":"checkNumber","number":"5511…"}';
     comment on column session_requests.answer is 'What the session answered (status done)';
     comment on column session_requests.error is 'The provider''s failure (status failed), readable';
     comment on column session_requests.transient is 'Whether the failure may pass on a retry';`,
  );
}
