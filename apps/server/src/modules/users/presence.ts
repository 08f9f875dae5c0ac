import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';

/** `userStatus` and socket connects: online now, seen now; a -user update when online flips. */
export async function markUserSeen(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.scopes.tenant(actor.companyId).run(async (tx) => {
    const before = await tx
      .selectFrom('users')
      .where('id', '=', actor.userId)
      .select('online')
      .executeTakeFirst();
    if (!before) return;
    const user = await tx
      .updateTable('users')
      .set({ online: true, lastSeenAt: new Date() })
      .where('id', '=', actor.userId)
      .returning(['id', 'name', 'online'])
      .executeTakeFirstOrThrow();
    if (!before.online) {
      tx.afterCommit(() => ctx.realtime.emitToCompany(actor.companyId, 'user', { action: 'update', user }));
    }
  });
}
