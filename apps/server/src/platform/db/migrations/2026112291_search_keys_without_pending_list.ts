import { run, type MigrationDb } from '../migration-helpers';

/**
 * The message search index without GIN's pending list. With it, inserts append to one shared list that the
 * inserting transaction must merge into the index once it passes 4 MB: every message insert queued on the list's
 * lock, and a merge stalled the inbound pipeline for hundreds of milliseconds. Each insert now adds its keys to the
 * index itself. Inbound benchmark, one node: 637–768 → 779–859 messages/s, p95 at 200 messages/s 113–165 → 49–54
 * ms (docs/benchmarks.md); searches no longer scan the list either.
 */
export async function up(db: MigrationDb): Promise<void> {
  await run(db, `alter index messages_search_keys_idx set (fastupdate = off);`);
}
