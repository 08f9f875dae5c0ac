import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { loadUserView } from './users.service';

/** `userStatus` and socket connects: online now, seen now; a -user update when online flips. */
export async function markUserSeen(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.scopes.tenant(actor.companyId).run(async (tx) => {
    const before = await tx
      .selectFrom('users')
      .where('id', '=', actor.userId)
      .select('online')
      .executeTakeFirst();
    if (!before) return;
    await tx
      .updateTable('users')
      .set({ online: true, lastSeenAt: new Date() })
      .where('id', '=', actor.userId)
      .execute();
    if (!before.online) {
      // The whole user, as for any other -user update: clients replace their copy with it.
      const user = await loadUserView(tx, actor.userId);
      tx.afterCommit(() => ctx.realtime.emitToCompany(actor.companyId, 'user', { action: 'update', user }));
    }
  });
}
