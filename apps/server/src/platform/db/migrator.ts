import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations';

/** A migration that rewrites tables names them, to be vacuumed once it has committed. */
interface RewritingMigration {
  vacuumAfter?: string[];
}

/** Applies pending migrations as the schema owner. Safe to call from several processes at once. */
export async function migrateToLatest(url: string): Promise<string[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // No CamelCasePlugin here: migrations speak SQL names.
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'schema_migrations',
      migrationLockTableName: 'schema_migrations_lock',
      // Engineers land migrations in parallel: one named earlier than an applied one must still run.
      allowUnorderedMigrations: true,
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
    }
    const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // A rewritten table has no page marked all-visible: index-only scans read its heap until it is vacuumed,
    // and VACUUM cannot run inside a migration's transaction.
    for (const name of applied) {
      for (const table of (migrations[name] as RewritingMigration | undefined)?.vacuumAfter ?? []) {
        await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
      }
    }
    return applied;
  } finally {
    await db.destroy();
  }
}
