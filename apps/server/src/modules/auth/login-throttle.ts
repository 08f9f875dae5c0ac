import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Scopes, SystemTx } from '../../platform/tenancy';
import { AppError } from '../../platform/http/app-error';

/** Failures one client address may make in a window before its logins wait for the window's end. */
export const ADDRESS_MAX_FAILURES = 30;
export const ADDRESS_WINDOW_SECONDS = 15 * 60;
/** Failures an account takes without delay; each one after waits twice as long as the last, up to the cap. */
export const ACCOUNT_FREE_FAILURES = 3;
export const ACCOUNT_MAX_DELAY_SECONDS = 5 * 60;
/** An account's count starts over this long after its first failure. */
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
/** Old rows removed with each failure: the table stays small without a job. */
const PRUNED_PER_FAILURE = 20;

type Key = { kind: 'account' | 'address'; key: string };

const hashed = (kind: Key['kind'], value: string): Key => ({
  kind,
  key: `${kind}:${createHash('sha256').update(value).digest('base64url')}`,
});

/** The row key counting a client address's failures. */
export const addressKey = (address: string): string => hashed('address', address).key;

/** The delay an account waits after its n-th failure in a row: none, then 2, 4, 8 … seconds up to the cap. */
export function accountDelaySeconds(failures: number): number {
  if (failures <= ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_DELAY_SECONDS);
}

/**
 * Limits failed logins, in the database so every node counts the same (server-behaviour 1.8). Per client
 * address (as Fastify's trustProxy resolves it, so a forged X-Forwarded-For changes nothing): a cap on failures
 * per window; successful logins never count, so an office behind one address is not locked out by its own
 * logins. Per account: growing delays, never a lock-out, so the right password gets in once the delay is over.
 */
export class LoginThrottle {
  constructor(
    private readonly scopes: Scopes,
    private readonly enabled: boolean,
  ) {}

  /** Refuses with 429 ERR_TOO_MANY_REQUESTS while the account or the address must wait. */
  async check(email: string, address: string): Promise<void> {
    if (!this.enabled) return;
    const keys = [hashed('account', email.toLowerCase()), hashed('address', address)];
    const waits = await this.scopes.asSystem((tx) =>
      tx.db
        .selectFrom('loginFailures')
        .where(
          'key',
          'in',
          keys.map((k) => k.key),
        )
        .where('blockedUntil', '>', sql<Date>`now()`)
        .select(sql<number>`ceil(extract(epoch from max(blocked_until) - now()))::int`.as('seconds'))
        .executeTakeFirst(),
    );
    const seconds = waits?.seconds ?? 0;
    if (seconds > 0) {
      throw new AppError('ERR_TOO_MANY_REQUESTS', `Too many failed logins, retry in ${seconds} s`, {
        status: 429,
      });
    }
  }

  /** Counts a failure against the account and the address. */
  async failed(email: string, address: string): Promise<void> {
    if (!this.enabled) return;
    await this.scopes.asSystem(async (tx) => {
      const account = await count(tx, hashed('account', email.toLowerCase()), ACCOUNT_WINDOW_SECONDS);
      const delay = accountDelaySeconds(account.failures);
      if (delay > 0) await blockFor(tx, account.key, sql`now() + make_interval(secs => ${delay})`);
      const byAddress = await count(tx, hashed('address', address), ADDRESS_WINDOW_SECONDS);
      if (byAddress.failures >= ADDRESS_MAX_FAILURES) {
        await blockFor(
          tx,
          byAddress.key,
          sql`window_started_at + make_interval(secs => ${ADDRESS_WINDOW_SECONDS})`,
        );
      }
      await tx.db
        .deleteFrom('loginFailures')
        .where(
          'key',
          'in',
          tx.db
            .selectFrom('loginFailures')
            .where('lastFailureAt', '<', sql<Date>`now() - interval '1 day'`)
            .select('key')
            .limit(PRUNED_PER_FAILURE),
        )
        .execute();
    });
  }

  /** The right password: the account's count starts over (the address's does not). */
  async succeeded(email: string): Promise<void> {
    if (!this.enabled) return;
    const { key } = hashed('account', email.toLowerCase());
    await this.scopes.asSystem((tx) => tx.db.deleteFrom('loginFailures').where('key', '=', key).execute());
  }
}

/** Adds one failure to a key, starting a new window when the last one is over; answers the count. */
async function count(tx: SystemTx, { key }: Key, windowSeconds: number) {
  const expired = sql<boolean>`login_failures.window_started_at < now() - make_interval(secs => ${windowSeconds})`;
  const row = await tx.db
    .insertInto('loginFailures')
    .values({ key, failures: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else login_failures.failures + 1 end`,
        windowStartedAt: sql<Date>`case when ${expired} then now() else login_failures.window_started_at end`,
        blockedUntil: sql<Date | null>`case when ${expired} then null else login_failures.blocked_until end`,
        lastFailureAt: sql<Date>`now()`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return { key, failures: row.failures };
}

async function blockFor(tx: SystemTx, key: string, until: ReturnType<typeof sql>): Promise<void> {
  await tx.db
    .updateTable('loginFailures')
    .set({ blockedUntil: sql<Date>`${until}` })
    .where('key', '=', key)
    .execute();
}
