import { sql } from 'kysely';
import type { Scopes, TenantTx } from '../../platform/tenancy';

export const RESET_CODE_TTL = sql`interval '1 hour'`;
export const MAX_WRONG_TRIES = 5;

export interface ResetAccount {
  id: number;
  companyId: number;
  email: string;
  language: string | null;
}

/** The user of an e-mail, in any company (e-mails are unique across companies). */
export function findAccountByEmail(scopes: Scopes, email: string): Promise<ResetAccount | undefined> {
  return scopes.asSystem((tx) =>
    tx.db
      .selectFrom('users')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .select(['id', 'companyId', 'email', 'language'])
      .executeTakeFirst(),
  );
}

/** Stores a new code hash for the user, expiring in an hour; earlier codes die with it. */
export async function replaceResetCode(tx: TenantTx, userId: number, codeHash: string): Promise<void> {
  await tx.deleteFrom('passwordResets').where('userId', '=', userId).execute();
  await tx
    .insertInto('passwordResets')
    .values({ companyId: tx.companyId, userId, codeHash, expiresAt: sql<Date>`now() + ${RESET_CODE_TTL}` })
    .execute();
}

/** The user's code that can still be used, locked so concurrent tries are counted one by one. */
export function lockLiveResetCode(tx: TenantTx, userId: number) {
  return tx
    .selectFrom('passwordResets')
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .where('failedAttempts', '<', MAX_WRONG_TRIES)
    .select(['id', 'codeHash'])
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function recordWrongTry(tx: TenantTx, resetId: number): Promise<void> {
  await tx
    .updateTable('passwordResets')
    .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
    .where('id', '=', resetId)
    .execute();
}

export async function markResetUsed(tx: TenantTx, resetId: number): Promise<void> {
  await tx
    .updateTable('passwordResets')
    .set({ usedAt: sql<Date>`now()` })
    .where('id', '=', resetId)
    .execute();
}

/** New password hash; the token version moves so every existing session ends. */
export async function storeNewPassword(tx: TenantTx, userId: number, passwordHash: string): Promise<void> {
  await tx
    .updateTable('users')
    .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: sql<Date>`now()` }))
    .where('id', '=', userId)
    .execute();
}
