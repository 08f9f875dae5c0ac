import { emitMessageUpdated, loadMessageView, findMessageByWid } from '../../modules/messages';
import type { InboundEnv } from './inbound-env';
import { applyAck } from './handle-message';

/** Raised when an event names a message that is not stored yet: the event is retried later. */
export class NotStoredYet extends Error {
  constructor(wid: string) {
    super(`message ${wid} is not stored yet`);
    this.name = 'NotStoredYet';
  }
}

/** An ack (server-behaviour 6.3): only ever raises the stored value. */
export async function handleStatus(env: InboundEnv, wid: string, ack: number): Promise<void> {
  // Raised by wid in one statement (two acks come for every message we send); only when nothing was raised is
  // it worth asking whether the message is there at all.
  if (await applyAck(env, { wid }, ack)) return;
  // Our send may still be on its way to storing the wid; the send worker re-kicks this queue once it is.
  if (!(await findMessageByWid(env.tx, env.whatsappId, wid))) throw new NotStoredYet(wid);
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
