import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/** WhatsApp connections, their queues and their session auth state; users' default connection. */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'whatsapps',
    `name text not null,
     status text not null default 'OPENING'
       check (status in ('CONNECTED','DISCONNECTED','OPENING','qrcode','PAIRING','TIMEOUT')),
     is_default boolean not null default false,
     qrcode text not null default '',
     retries integer not null default 0,
     greeting_message text not null default '',
     complation_message text not null default '',
     out_of_hours_message text not null default '',
     rating_message text not null default '',
     token text not null default replace(gen_random_uuid()::text, '-', ''),
     provider text not null default 'beta' check (provider in ('beta','cloud','simulator')),
     provider_config jsonb not null default '{}',
     expires_inactive_message text not null default '',
     expires_ticket integer not null default 0,
     time_use_bot_queues integer not null default 0,
     max_use_bot_queues integer not null default 3,
     time_to_transfer integer not null default 0,
     transfer_queue_id integer,
     prompt_id integer,
     integration_id integer,
     number text not null default '',
     schedules jsonb not null default '[]',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, transfer_queue_id) references queues (company_id, id)
       on delete set null (transfer_queue_id)`,
  );
  await run(
    db,
    `create unique index whatsapps_company_name_key on whatsapps (company_id, lower(name));
     -- Global on purpose: the external API's bearer token alone identifies the connection and its company.
     create unique index whatsapps_token_key on whatsapps (token);
     create index whatsapps_transfer_queue_idx on whatsapps (company_id, transfer_queue_id)
       where transfer_queue_id is not null;
     comment on column whatsapps.provider_config is
       'Provider credentials (cloud: phoneNumberId, accessToken, appSecret, verifyToken); never sent to clients';

     alter table users add constraint users_whatsapp_id_fkey
       foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete set null (whatsapp_id);
     create index users_whatsapp_idx on users (company_id, whatsapp_id) where whatsapp_id is not null;`,
  );

  await createTenantTable(
    db,
    'whatsapp_queues',
    `whatsapp_id integer not null,
     queue_id integer not null,
     created_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     foreign key (company_id, queue_id) references queues (company_id, id) on delete cascade,
     unique (company_id, whatsapp_id, queue_id)`,
  );
  await run(db, `create index whatsapp_queues_queue_idx on whatsapp_queues (company_id, queue_id);`);

  // Session auth state lives in the database so any sessions node can take over a connection.
  await createTenantTable(
    db,
    'whatsapp_auth_creds',
    `whatsapp_id integer not null,
     creds jsonb not null,
     updated_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     unique (company_id, whatsapp_id)`,
  );
  await createTenantTable(
    db,
    'whatsapp_auth_keys',
    `whatsapp_id integer not null,
     type text not null,
     key_id text not null,
     value jsonb not null,
     updated_at timestamptz not null default now(),
     foreign key (company_id, whatsapp_id) references whatsapps (company_id, id) on delete cascade,
     unique (company_id, whatsapp_id, type, key_id)`,
  );
}
