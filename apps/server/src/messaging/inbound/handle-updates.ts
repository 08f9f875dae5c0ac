import { emitMessageUpdated, loadMessageView } from '../../modules/messages';
import { applyAcks } from './apply-acks';
import type { InboundEnv } from './inbound-env';

/** Raised when an event names a message that is not stored yet: the event is retried later. */
export class NotStoredYet extends Error {
  constructor(wid: string) {
    super(`message ${wid} is not stored yet`);
    this.name = 'NotStoredYet';
  }
}

/**
 * One ack on its own (server-behaviour 6.3): only ever raises the stored value. The drainer applies a round's acks
 * together (apply-acks.ts); this is the same for one.
 */
export async function handleStatus(env: InboundEnv, wid: string, ack: number): Promise<void> {
  const waiting = await applyAcks(env, [{ whatsappId: env.whatsappId, wid, ack }]);
  // Our send may still be on its way to storing the wid; the send worker re-kicks this queue once it is.
  if (waiting.length > 0) throw new NotStoredYet(wid);
}

/** A customer's edit: new body, isEdited (server-behaviour 7.2 step 2). */
export async function handleEdit(env: InboundEnv, wid: string, text: string): Promise<void> {
  await updateByWid(env, wid, { body: text, isEdited: true });
}

/** A revoke ("deleted for everyone"): the message stays, marked deleted. */
export async function handleRevoke(env: InboundEnv, wid: string): Promise<void> {
  await updateByWid(env, wid, { isDeleted: true });
}

async function updateByWid(
  env: InboundEnv,
  wid: string,
  patch: { body?: string; isEdited?: boolean; isDeleted?: boolean },
): Promise<void> {
  const updated = await env.tx
    .updateTable('messages')
    .set({ ...patch, updatedAt: new Date() })
    .where('whatsappId', '=', env.whatsappId)
    .where('wid', '=', wid)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return;
  const view = await loadMessageView(env.tx, env.outbound.storage, updated.id);
  const companyId = env.tx.companyId;
  env.defer(() => emitMessageUpdated(env.ctx.realtime, companyId, view));
}
