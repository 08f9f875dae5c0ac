import type { AppContext } from '../../platform/context';
import { periodicSweepJob } from '../../platform/jobs/define-job';
import { loadUserView } from '../users';

/** The web app pings `userStatus` every 5 minutes; a user silent for longer has left. */
export const PRESENCE_STALE_MS = 5 * 60_000;

/**
 * Marks users unseen for 5 minutes offline, in every company at once, then sends each company a
 * `-user` update per user. `now` is the sweep's clock. Answers how many users went offline.
 */
export async function sweepStalePresence(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - PRESENCE_STALE_MS);
  // One statement across tenants on purpose: a sweep is not any one company's work.
  const swept = await ctx.scopes.asSystem((tx) =>
    tx.db
      .updateTable('users')
      .set({ online: false })
      .where('online', '=', true)
      .where((eb) => eb.or([eb('lastSeenAt', 'is', null), eb('lastSeenAt', '<', cutoff)]))
      .returning(['id', 'companyId'])
      .execute(),
  );
  const byCompany = new Map<number, number[]>();
  for (const { id, companyId } of swept) byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), id]);
  for (const [companyId, userIds] of byCompany) {
    await ctx.scopes.tenant(companyId).run(async (tx) => {
      // A user deleted since the update has nothing left to show.
      const present = await tx.selectFrom('users').where('id', 'in', userIds).select('id').execute();
      const users = await Promise.all(present.map(({ id }) => loadUserView(tx, id)));
      tx.afterCommit(() => {
        for (const user of users) ctx.realtime.emitToCompany(companyId, 'user', { action: 'update', user });
      });
    });
  }
  return swept.length;
}

export const PRESENCE_SWEEP_JOB = 'presence-sweep';

export function presenceSweepJob(ctx: AppContext) {
  return periodicSweepJob(PRESENCE_SWEEP_JOB, () => sweepStalePresence(ctx));
}
