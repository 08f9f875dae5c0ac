import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** Tags and ticket tags, ticket notes, ratings, quick messages and scheduled messages. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'tags',
    `name text not null,
     color text not null default '#A4CCCC',
     kanban smallint not null default 0 check (kanban in (0, 1)),
     user_id integer,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id)`,
  );
  await run(
    db,
    `create index tags_company_name_idx on tags (company_id, name);
     create index tags_kanban_idx on tags (company_id, id) where kanban = 1;
     create index tags_user_idx on tags (company_id, user_id) where user_id is not null;`,
  );

  await createTenantTable(
    db,
    'ticket_tags',
    `ticket_id integer not null,
     tag_id integer not null,
     created_at timestamptz not null default now(),
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete cascade,
     foreign key (company_id, tag_id) references tags (company_id, id) on delete cascade,
     unique (company_id, ticket_id, tag_id)`,
  );
  await run(db, `create index ticket_tags_tag_idx on ticket_tags (company_id, tag_id, ticket_id);`);

  await createTenantTable(
    db,
    'ticket_notes',
    `note text not null,
     ticket_id integer not null,
     contact_id integer not null,
     user_id integer,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete cascade,
     foreign key (company_id, contact_id) references contacts (company_id, id) on delete cascade,
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id)`,
  );
  await run(
    db,
    `create index ticket_notes_ticket_idx on ticket_notes (company_id, ticket_id, created_at desc);
     create index ticket_notes_contact_idx on ticket_notes (company_id, contact_id);
     create index ticket_notes_user_idx on ticket_notes (company_id, user_id) where user_id is not null;`,
  );

  await createTenantTable(
    db,
    'user_ratings',
    `rate smallint not null check (rate between 1 and 3),
     tracking_id integer not null,
     ticket_id integer not null,
     user_id integer,
     created_at timestamptz not null default now(),
     foreign key (company_id, tracking_id) references ticket_tracking (company_id, id) on delete cascade,
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete cascade,
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id),
     unique (company_id, tracking_id)`,
  );
  await run(
    db,
    `create index user_ratings_ticket_idx on user_ratings (company_id, ticket_id);
     create index user_ratings_user_idx on user_ratings (company_id, user_id) where user_id is not null;`,
  );

  await createTenantTable(
    db,
    'quick_messages',
    `shortcode text not null,
     message text not null default '',
     geral boolean not null default false,
     status boolean not null default true,
     is_media boolean not null default false,
     media_path text,
     media_name text,
     user_id integer,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id)`,
  );
  await run(
    db,
    `create index quick_messages_user_idx on quick_messages (company_id, user_id, shortcode);
     create index quick_messages_company_shortcode_idx on quick_messages (company_id, shortcode);`,
  );

  await createTenantTable(
    db,
    'schedules',
    `body text not null,
     send_at timestamptz not null,
     sent_at timestamptz,
     status text not null default 'PENDENTE' check (status in ('PENDENTE','AGENDADA','ENVIADA','ERRO')),
     late boolean not null default false,
     attempts integer not null default 0,
     last_error text,
     contact_id integer not null,
     ticket_id integer,
     user_id integer,
     whatsapp_id integer,
     time_zone text,
     media_path text,
     media_name text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, contact_id) references contacts (company_id, id) on delete cascade,
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete set null (ticket_id),
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id)`,
  );
  await run(
    db,
    `-- The job sweeps every company for due rows (and AGENDADA rows left by a crash): a global partial index.
     create index schedules_due_idx on schedules (send_at) where status in ('PENDENTE','AGENDADA');
     create index schedules_company_send_at_idx on schedules (company_id, send_at);
     create index schedules_contact_idx on schedules (company_id, contact_id);
     create index schedules_user_idx on schedules (company_id, user_id) where user_id is not null;
     create index schedules_ticket_idx on schedules (company_id, ticket_id) where ticket_id is not null;
     create index schedules_whatsapp_idx on schedules (company_id, whatsapp_id) where whatsapp_id is not null;`,
  );
}
