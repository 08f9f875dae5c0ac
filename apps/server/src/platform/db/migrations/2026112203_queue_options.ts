import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** The option tree of a queue's chatbot: options nest through parent_id; deleting one deletes its children. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'queue_options',
    `queue_id integer not null,
     parent_id integer,
     option text not null,
     title text not null,
     message text not null default '',
     media_path text,
     media_name text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, queue_id) references queues (company_id, id) on delete cascade,
     foreign key (company_id, parent_id) references queue_options (company_id, id) on delete cascade`,
  );
  await run(
    db,
    `create index queue_options_queue_parent_idx on queue_options (company_id, queue_id, parent_id, option);
     create index queue_options_parent_idx on queue_options (company_id, parent_id) where parent_id is not null;`,
  );
}
