import { run, type MigrationDb } from '../migration-helpers';

/**
 * A bot that handed the ticket to people (transfer, stop command, end of interaction, provider failure) stays
 * off for the rest of the attendance cycle (server-behaviour 8.1), even when the connection has a prompt.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table ticket_tracking add column bot_off boolean not null default false;
     comment on column ticket_tracking.bot_off is 'A bot handed this cycle to people: no bot answers until the next cycle';`,
  );
}
