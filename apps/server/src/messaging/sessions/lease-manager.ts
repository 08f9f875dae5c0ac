import { sql } from 'kysely';
import type { Scopes } from '../../platform/tenancy';

/** The lease resource of a connection's live session. */
export const sessionResource = (whatsappId: number): string => `whatsapp:${whatsappId}`;

/**
 * Leases rows (system table): one owner per resource until `expires_at`. Expiry is judged by the
 * database clock (`now()`), so nodes never compare their own clocks.
 */
export class LeaseManager {
  constructor(
    private readonly scopes: Scopes,
    readonly owner: string,
    private readonly leaseMs: number,
  ) {}

  /**
   * Takes the resource when it is free, expired or already ours, in one statement: two nodes racing for
   * it cannot both win (the conflict update re-checks the row under its lock).
   */
  async acquire(resource: string): Promise<boolean> {
    const row = await this.scopes.asSystem((tx) =>
      tx.db
        .insertInto('leases')
        .values({ resource, owner: this.owner, expiresAt: this.expiry() })
        .onConflict((oc) =>
          oc
            .column('resource')
            .doUpdateSet({
              owner: this.owner,
              acquiredAt: sql<Date>`case when leases.owner = ${this.owner} then leases.acquired_at else now() end`,
              heartbeatAt: sql<Date>`now()`,
              expiresAt: this.expiry(),
            })
            .where((eb) =>
              eb.or([eb('leases.expiresAt', '<', sql<Date>`now()`), eb('leases.owner', '=', this.owner)]),
            ),
        )
        .returning('owner')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  /** Extends the given leases that are still ours; answers those (a lease taken over is simply absent). */
  async renew(resources: string[]): Promise<Set<string>> {
    if (resources.length === 0) return new Set();
    const rows = await this.scopes.asSystem((tx) =>
      tx.db
        .updateTable('leases')
        .set({ heartbeatAt: sql<Date>`now()`, expiresAt: this.expiry() })
        .where('owner', '=', this.owner)
        .where('resource', 'in', resources)
        .returning('resource')
        .execute(),
    );
    return new Set(rows.map((r) => r.resource));
  }

  /** The node holding a live (unexpired) lease on the resource, if any. */
  async holder(resource: string): Promise<string | undefined> {
    const row = await this.scopes.asSystem((tx) =>
      tx.db
        .selectFrom('leases')
        .where('resource', '=', resource)
        .where('expiresAt', '>', sql<Date>`now()`)
        .select('owner')
        .executeTakeFirst(),
    );
    return row?.owner;
  }

  /** Gives the leases up (only ours), so another node may take them at once. */
  async release(resources: string[]): Promise<void> {
    if (resources.length === 0) return;
    await this.scopes.asSystem((tx) =>
      tx.db.deleteFrom('leases').where('owner', '=', this.owner).where('resource', 'in', resources).execute(),
    );
  }

  private expiry() {
    return sql<Date>`now() + ${this.leaseMs} * interval '1 millisecond'`;
  }
}
