import { createTenantTable, run, type MigrationDb } from '../migration-helpers';

/**
 * Bot turns (server-behaviour 8): a customer message a prompt or an integration must answer. The inbound
 * pipeline queues one per message in its own transaction; a worker on any node runs them outside transactions
 * (the providers are slow HTTP) and writes the replies. One running turn per ticket at a time (the partial unique
 * index), so two quick messages never produce interleaved answers, even across nodes.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createTenantTable(
    db,
    'bot_turns',
    `ticket_id integer not null,
     message_id integer not null,
     prompt_id integer,
     integration_id integer,
     status text not null default 'pending' check (status in ('pending','running','done','failed')),
     actions jsonb,
     applied integer not null default 0,
     attempts integer not null default 0,
     next_attempt_at timestamptz not null default now(),
     claimed_by text,
     claimed_at timestamptz,
     error text,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now(),
     check ((prompt_id is null) <> (integration_id is null)),
     foreign key (company_id, ticket_id) references tickets (company_id, id) on delete cascade`,
  );
  await run(
    db,
    `comment on column bot_turns.actions is 'What the provider answered, as steps to apply; null until it answered';
     comment on column bot_turns.applied is 'How many of actions are written (each step commits with its count)';
     create unique index bot_turns_message_key on bot_turns (company_id, message_id);
     create unique index bot_turns_one_running_per_ticket on bot_turns (company_id, ticket_id)
       where status = 'running';
     create index bot_turns_due_idx on bot_turns (next_attempt_at, id) where status = 'pending';
     create index bot_turns_ticket_idx on bot_turns (company_id, ticket_id, id) where status in ('pending','running');`,
  );
}
