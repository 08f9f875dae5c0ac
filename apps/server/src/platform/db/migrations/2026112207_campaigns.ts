import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** Contact lists and their items, campaigns, campaign settings and the per-contact shipping rows. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'contact_lists',
    `name text not null,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()`,
  );
  await run(db, `create index contact_lists_company_name_idx on contact_lists (company_id, name);`);

  await createTenantTable(
    db,
    'contact_list_items',
    `contact_list_id integer not null,
     name text not null default '',
     number text not null,
     email text not null default '',
     is_whatsapp_valid boolean,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, contact_list_id) references contact_lists (company_id, id) on delete cascade,
     unique (company_id, contact_list_id, number)`,
  );
  await run(
    db,
    `comment on column contact_list_items.is_whatsapp_valid is 'null until the WhatsApp check has run';
     create index contact_list_items_unchecked_idx on contact_list_items (company_id, contact_list_id)
       where is_whatsapp_valid is null;`,
  );

  await createTenantTable(
    db,
    'campaigns',
    `name text not null,
     status text not null default 'INATIVA'
       check (status in ('INATIVA','PROGRAMADA','EM_ANDAMENTO','CANCELADA','FINALIZADA')),
     message1 text not null default '',
     message2 text not null default '',
     message3 text not null default '',
     message4 text not null default '',
     message5 text not null default '',
     confirmation_message1 text not null default '',
     confirmation_message2 text not null default '',
     confirmation_message3 text not null default '',
     confirmation_message4 text not null default '',
     confirmation_message5 text not null default '',
     confirmation boolean not null default false,
     media_path text,
     media_name text,
     scheduled_at timestamptz,
     completed_at timestamptz,
     time_zone text,
     whatsapp_id integer,
     contact_list_id integer,
     tag_id integer,
     file_list_id integer,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id),
     foreign key (company_id, contact_list_id) references contact_lists (company_id, id)
       on delete set null (contact_list_id),
     foreign key (company_id, tag_id) references tags (company_id, id) on delete set null (tag_id),
     foreign key (company_id, file_list_id) references files (company_id, id) on delete set null (file_list_id)`,
  );
  await run(
    db,
    `-- The start job sweeps every company for due PROGRAMADA campaigns: a global partial index.
     create index campaigns_due_idx on campaigns (scheduled_at) where status = 'PROGRAMADA';
     create index campaigns_company_status_idx on campaigns (company_id, status);
     create index campaigns_whatsapp_idx on campaigns (company_id, whatsapp_id) where whatsapp_id is not null;
     create index campaigns_contact_list_idx on campaigns (company_id, contact_list_id)
       where contact_list_id is not null;
     create index campaigns_tag_idx on campaigns (company_id, tag_id) where tag_id is not null;
     create index campaigns_file_list_idx on campaigns (company_id, file_list_id) where file_list_id is not null;`,
  );

  await createTenantTable(
    db,
    'campaign_settings',
    `key text not null,
     value text not null,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     unique (company_id, key)`,
  );
  await run(db, `comment on column campaign_settings.value is 'JSON text, answered as stored';`);

  await createTenantTable(
    db,
    'campaign_shipping',
    `campaign_id integer not null,
     contact_list_item_id integer,
     number text not null,
     message text not null default '',
     confirmation_message text not null default '',
     confirmation_requested_at timestamptz,
     confirmed_at timestamptz,
     delivered_at timestamptz,
     failed_at timestamptz,
     error text,
     job_id text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, campaign_id) references campaigns (company_id, id) on delete cascade,
     foreign key (company_id, contact_list_item_id) references contact_list_items (company_id, id)
       on delete set null (contact_list_item_id),
     -- Re-running a campaign start creates no second row for an item, so nothing is sent twice.
     constraint campaign_shipping_campaign_item_key unique (company_id, campaign_id, contact_list_item_id)`,
  );
  await run(
    db,
    `create index campaign_shipping_item_idx on campaign_shipping (company_id, contact_list_item_id)
       where contact_list_item_id is not null;
     create index campaign_shipping_awaiting_confirmation_idx on campaign_shipping (company_id, number)
       where confirmation_requested_at is not null and confirmed_at is null;`,
  );
}
