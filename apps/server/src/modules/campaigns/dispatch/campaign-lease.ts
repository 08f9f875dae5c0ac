import { sql } from 'kysely';
import type { Scopes } from '../../../platform/tenancy';

export const campaignResource = (campaignId: number): string => `campaign:${campaignId}`;

/**
 * One dispatcher per campaign across nodes: a row of the `leases` table (as the sessions use), judged by the
 * database clock. A node that dies stops renewing; another (or the same, restarted) takes over once it expires.
 */
export class CampaignLeases {
  constructor(
    private readonly scopes: Scopes,
    private readonly owner: string,
    readonly leaseMs: number,
  ) {}

  private expiry() {
    return sql<Date>`now() + ${`${this.leaseMs} milliseconds`}::interval`;
  }

  /** Takes the lease when free, expired or already ours; two nodes racing cannot both win. */
  async acquire(campaignId: number): Promise<boolean> {
    const resource = campaignResource(campaignId);
    const row = await this.scopes.asSystem((tx) =>
      tx.db
        .insertInto('leases')
        .values({ resource, owner: this.owner, expiresAt: this.expiry() })
        .onConflict((oc) =>
          oc
            .column('resource')
            .doUpdateSet({ owner: this.owner, heartbeatAt: sql<Date>`now()`, expiresAt: this.expiry() })
            .where((eb) =>
              eb.or([eb('leases.expiresAt', '<', sql<Date>`now()`), eb('leases.owner', '=', this.owner)]),
            ),
        )
        .returning('owner')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  /** Extends the lease if it is still ours; false when another node took it over. */
  async renew(campaignId: number): Promise<boolean> {
    const row = await this.scopes.asSystem((tx) =>
      tx.db
        .updateTable('leases')
        .set({ heartbeatAt: sql<Date>`now()`, expiresAt: this.expiry() })
        .where('resource', '=', campaignResource(campaignId))
        .where('owner', '=', this.owner)
        .returning('resource')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  async release(campaignId: number): Promise<void> {
    await this.scopes.asSystem((tx) =>
      tx.db
        .deleteFrom('leases')
        .where('resource', '=', campaignResource(campaignId))
        .where('owner', '=', this.owner)
        .execute(),
    );
  }
}
