import { sql } from 'kysely';
import type { TenantScope } from '../../../platform/tenancy';

/** A send's key is kept long enough to outlive every retry of the send worker (minutes to hours). */
const KEEP_DAYS = 7;

/** cloud_sent_messages: which wid a send of a given idempotency key got. */
export class SentMessages {
  constructor(
    private readonly scope: TenantScope,
    private readonly whatsappId: number,
  ) {}

  /** The wid an earlier send with this key got, if it reached Meta. */
  async findWid(idempotencyKey: string): Promise<string | undefined> {
    const row = await this.scope.run((tx) =>
      tx
        .selectFrom('cloudSentMessages')
        .where('whatsappId', '=', this.whatsappId)
        .where('idempotencyKey', '=', idempotencyKey)
        .select('wid')
        .executeTakeFirst(),
    );
    return row?.wid;
  }

  /** Remembers a successful send, committed at once (the caller's own transaction may still roll back). */
  async record(idempotencyKey: string, wid: string): Promise<void> {
    await this.scope.run((tx) =>
      tx
        .insertInto('cloudSentMessages')
        .values({ companyId: tx.companyId, whatsappId: this.whatsappId, idempotencyKey, wid })
        .onConflict((oc) => oc.columns(['companyId', 'whatsappId', 'idempotencyKey']).doNothing())
        .execute(),
    );
  }

  /** Forgets keys older than any retry could be. */
  async prune(): Promise<void> {
    await this.scope.run((tx) =>
      tx
        .deleteFrom('cloudSentMessages')
        .where('whatsappId', '=', this.whatsappId)
        .where('createdAt', '<', sql<Date>`now() - ${`${KEEP_DAYS} days`}::interval`)
        .execute(),
    );
  }
}
