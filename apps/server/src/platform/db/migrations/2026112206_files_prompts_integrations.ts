import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * File lists, AI prompts and queue integrations, and the prompt/integration links of queues, connections and
 * tickets that earlier migrations left without foreign keys.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'files',
    `name text not null,
     message text not null default '',
     user_id integer,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, user_id) references users (company_id, id) on delete set null (user_id)`,
  );
  await run(
    db,
    `create unique index files_company_name_key on files (company_id, lower(name));
     create index files_user_idx on files (company_id, user_id) where user_id is not null;`,
  );

  await createTenantTable(
    db,
    'file_options',
    `file_id integer not null,
     name text not null,
     path text not null default '',
     media_type text not null default '',
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, file_id) references files (company_id, id) on delete cascade`,
  );
  await run(db, `create index file_options_file_idx on file_options (company_id, file_id);`);

  await createTenantTable(
    db,
    'prompts',
    `name text not null,
     prompt text not null,
     api_key text not null,
     model text not null default 'gpt-3.5-turbo-1106',
     max_tokens integer not null default 100 check (max_tokens > 0),
     temperature numeric(3,2) not null default 1 check (temperature between 0 and 1),
     max_messages integer not null default 10 check (max_messages >= 1),
     queue_id integer,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     foreign key (company_id, queue_id) references queues (company_id, id) on delete set null (queue_id)`,
  );
  await run(
    db,
    `comment on column prompts.queue_id is 'Transfer target of the bot; the API''s 0 (none) is stored as null';
     create index prompts_company_name_idx on prompts (company_id, name);
     create index prompts_queue_idx on prompts (company_id, queue_id) where queue_id is not null;`,
  );

  await createTenantTable(
    db,
    'queue_integrations',
    `type text not null check (type in ('dialogflow','n8n','webhook','typebot')),
     name text not null,
     project_name text not null default '',
     json_content text not null default '',
     language text not null default '',
     url_n8n text not null default '',
     typebot_slug text not null default '',
     typebot_expires integer not null default 0,
     typebot_keyword_finish text not null default '',
     typebot_keyword_restart text not null default '',
     typebot_unknown_message text not null default '',
     typebot_restart_message text not null default '',
     typebot_delay_message integer not null default 1000,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now()`,
  );
  await run(
    db,
    `create unique index queue_integrations_company_name_key on queue_integrations (company_id, lower(name));
     comment on column queue_integrations.url_n8n is 'urlN8N in the API (base URL for n8n, webhook and typebot)';
     comment on column queue_integrations.json_content is 'Dialogflow service-account JSON, as text';`,
  );

  // Deleting a prompt or integration in use is refused by the services; these keep stale ids impossible.
  await run(
    db,
    `alter table queues
       add constraint queues_prompt_id_fkey foreign key (company_id, prompt_id)
         references prompts (company_id, id) on delete set null (prompt_id),
       add constraint queues_integration_id_fkey foreign key (company_id, integration_id)
         references queue_integrations (company_id, id) on delete set null (integration_id);
     create index queues_prompt_idx on queues (company_id, prompt_id) where prompt_id is not null;
     create index queues_integration_idx on queues (company_id, integration_id) where integration_id is not null;

     alter table whatsapps
       add constraint whatsapps_prompt_id_fkey foreign key (company_id, prompt_id)
         references prompts (company_id, id) on delete set null (prompt_id),
       add constraint whatsapps_integration_id_fkey foreign key (company_id, integration_id)
         references queue_integrations (company_id, id) on delete set null (integration_id);
     create index whatsapps_prompt_idx on whatsapps (company_id, prompt_id) where prompt_id is not null;
     create index whatsapps_integration_idx on whatsapps (company_id, integration_id)
       where integration_id is not null;

     alter table tickets
       add constraint tickets_prompt_id_fkey foreign key (company_id, prompt_id)
         references prompts (company_id, id) on delete set null (prompt_id),
       add constraint tickets_integration_id_fkey foreign key (company_id, integration_id)
         references queue_integrations (company_id, id) on delete set null (integration_id);
     create index tickets_prompt_idx on tickets (company_id, prompt_id) where prompt_id is not null;
     create index tickets_integration_idx on tickets (company_id, integration_id) where integration_id is not null;`,
  );
}
