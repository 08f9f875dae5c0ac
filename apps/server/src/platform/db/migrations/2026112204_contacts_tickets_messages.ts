import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** Contacts, tickets with their attendance cycles, and messages. */
export async function up(db: MigrationDb): Promise<void> {
  // Lets GIN indexes lead with company_id like every other tenant index.
  await run(db, `create extension if not exists btree_gin;`);

  await createTenantTable(
    db,
    'contacts',
    `name text not null,
     number text not null,
     email text not null default '',
     profile_pic_url text not null default '',
     is_group boolean not null default false,
     whatsapp_id integer,
     lid text,
     name_edited_by_user boolean not null default false,
     picture_updated_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id),
     unique (company_id, number)`,
  );
  await run(
    db,
    `create index contacts_company_name_idx on contacts (company_id, name);
     create index contacts_company_created_idx on contacts (company_id, created_at);
     create index contacts_lid_idx on contacts (company_id, lid) where lid is not null;
     create index contacts_whatsapp_idx on contacts (company_id, whatsapp_id) where whatsapp_id is not null;
     create index contacts_search_idx on contacts
       using gin (company_id, search_text(name) gin_trgm_ops, number gin_trgm_ops);
     comment on column contacts.lid is 'WhatsApp alias id (LID), mapped to the phone number when known';`,
  );

  await createTenantTable(
    db,
    'contact_custom_fields',
    `contact_id integer not null,
     name text not null,
     value text not null default '',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, contact_id) references contacts (company_id, id) on delete cascade`,
  );
  await run(
    db,
    `create index contact_custom_fields_contact_idx on contact_custom_fields (company_id, contact_id);`,
  );

  await createTenantTable(
    db,
    'tickets',
    `uuid uuid not null default gen_random_uuid(),
     status text not null default 'pending' check (status in ('pending','open','closed')),
     contact_id integer not null,
     whatsapp_id integer,
     user_id integer,
     queue_id integer,
     queue_option_id integer,
     is_group boolean not null default false,
     chatbot boolean not null default false,
     last_message text not null default '',
     unread_messages integer not null default 0,
     from_me boolean not null default false,
     use_integration boolean not null default false,
     integration_id integer,
     prompt_id integer,
     typebot_session_id text,
     code text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, contact_id) references contacts (company_id, id) on delete cascade,
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id),
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id),
     foreign key (company_id, queue_id) references queues (company_id, id) on delete set null (queue_id),
     foreign key (company_id, queue_option_id) references queue_options (company_id, id)
       on delete set null (queue_option_id),
     -- NULLS DISTINCT on purpose: tickets of deleted connections (whatsapp_id null) are kept as history and
     -- several of them may belong to one contact; find-or-create always names a live connection.
     constraint tickets_company_contact_whatsapp_key unique (company_id, contact_id, whatsapp_id)`,
  );
  await run(
    db,
    `create unique index tickets_company_uuid_key on tickets (company_id, uuid);
     create index tickets_company_status_updated_idx on tickets (company_id, status, updated_at desc);
     create index tickets_company_queue_status_updated_idx on tickets (company_id, queue_id, status, updated_at desc);
     create index tickets_company_user_status_updated_idx on tickets (company_id, user_id, status, updated_at desc);
     create index tickets_whatsapp_idx on tickets (company_id, whatsapp_id, status);
     create index tickets_queue_option_idx on tickets (company_id, queue_option_id) where queue_option_id is not null;
     create index tickets_company_created_idx on tickets (company_id, created_at);`,
  );

  await createTenantTable(
    db,
    'ticket_tracking',
    `ticket_id integer not null,
     user_id integer,
     queue_id integer,
     whatsapp_id integer,
     queued_at timestamptz not null default now(),
     started_at timestamptz,
     finished_at timestamptz,
     rating_at timestamptz,
     rated boolean not null default false,
     awaiting_rating boolean not null default false,
     rating_asks integer not null default 0,
     chatbot_at timestamptz,
     menu_sends integer not null default 0,
     last_out_of_hours_at timestamptz,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete cascade,
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id),
     foreign key (company_id, queue_id) references queues (company_id, id) on delete set null (queue_id),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id)`,
  );
  await run(
    db,
    `comment on table ticket_tracking is 'Attendance cycles of a ticket; the current one has finished_at null';
     create unique index ticket_tracking_one_open_key on ticket_tracking (company_id, ticket_id)
       where finished_at is null;
     create index ticket_tracking_ticket_idx on ticket_tracking (company_id, ticket_id, id desc);
     create index ticket_tracking_queued_idx on ticket_tracking (company_id, queued_at);
     create index ticket_tracking_finished_idx on ticket_tracking (company_id, finished_at);
     create index ticket_tracking_user_idx on ticket_tracking (company_id, user_id, finished_at);
     create index ticket_tracking_queue_idx on ticket_tracking (company_id, queue_id) where queue_id is not null;
     create index ticket_tracking_whatsapp_idx on ticket_tracking (company_id, whatsapp_id)
       where whatsapp_id is not null;`,
  );

  await createTenantTable(
    db,
    'messages',
    `wid text,
     ticket_id integer not null,
     contact_id integer,
     queue_id integer,
     whatsapp_id integer,
     body text not null default '',
     from_me boolean not null default false,
     read boolean not null default false,
     media_type text not null default 'conversation',
     media_path text,
     media_name text,
     ack smallint not null default 0 check (ack between 0 and 5),
     quoted_msg_id integer,
     is_deleted boolean not null default false,
     is_edited boolean not null default false,
     is_automatic boolean not null default false,
     origin text not null
       check (origin in ('customer','agent','phone','api','bot','schedule','campaign','system')),
     transcription text,
     data jsonb not null default '{}',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete cascade,
     -- The sender (a group member in group tickets); the ticket's own messages go with the ticket.
     foreign key (company_id, contact_id) references contacts (company_id, id) on delete set null (contact_id),
     foreign key (company_id, queue_id) references queues (company_id, id) on delete set null (queue_id),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id),
     foreign key (company_id, quoted_msg_id) references messages (company_id, id) on delete set null (quoted_msg_id),
     constraint messages_company_whatsapp_wid_key unique (company_id, whatsapp_id, wid)`,
  );
  await run(
    db,
    `comment on column messages.id is 'The server''s own id (routes, events, quotedMsg); WhatsApp''s id is wid';
     comment on column messages.media_path is 'Relative to the public media folder; mediaUrl = BACKEND_URL/public/…';
     comment on column messages.data is 'Raw provider bits kept for replies, edits and revokes';
     create index messages_ticket_idx on messages (company_id, ticket_id, id desc);
     create index messages_contact_idx on messages (company_id, contact_id) where contact_id is not null;
     create index messages_queue_idx on messages (company_id, queue_id) where queue_id is not null;
     create index messages_quoted_idx on messages (company_id, quoted_msg_id) where quoted_msg_id is not null;
     create index messages_body_search_idx on messages using gin (company_id, search_text(body) gin_trgm_ops);`,
  );
}
