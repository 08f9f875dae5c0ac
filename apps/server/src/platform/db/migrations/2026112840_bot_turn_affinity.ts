import { run, type MigrationDb } from '../migration-helpers';

/**
 * The node that queued a bot turn claims it first: it is woken in-process right after the commit, while other
 * nodes take it only once it has been due for a moment (the node died, or is busy). Null: any node at once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(
    db,
    `alter table bot_turns add column queued_by text;
     comment on column bot_turns.queued_by is
       'Node that queued (or last postponed) the turn and claims it first; others after a grace period';`,
  );
}
