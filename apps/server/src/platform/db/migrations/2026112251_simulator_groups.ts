import { run, type MigrationDb } from '../migration-helpers';

/** The simulator's fake network gains group chats: a customer's message may be written in a group. */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table simulator_messages add column group_id text;
     comment on column simulator_messages.group_id is
       'in: the group the customer wrote in (the digits of <id>@g.us); null in a private chat';`,
  );
}
