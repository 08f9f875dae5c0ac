import type { Migration } from 'kysely';
import * as coreAccounts from './2026112201_core_accounts';

/** Every migration, in order. Forward-only: a landed migration is never edited; add a new one. */
export const migrations: Record<string, Migration> = {
  '2026112201_core_accounts': coreAccounts,
};
