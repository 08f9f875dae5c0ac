import { emitMessageUpdated, loadMessageViews, raiseAcksByWid, storedWids } from '../../modules/messages';
import type { InboundEnv } from './inbound-env';

/** One stored ack event of a round: its message by connection and wid. */
export interface AckEvent {
  whatsappId: number;
  wid: string;
  ack: number;
}

const keyOf = (a: { whatsappId: number; wid: string }) => `${a.whatsappId}:${a.wid}`;

/**
 * Applies a round's acks together (server-behaviour 6.3): one statement raises every message whose ack goes up
 * (only ever up), one reads their answers for the `appMessage` update each raised message gets, and only when
 * some raised nothing, one asks which of those messages are stored. Each message is raised once, to its highest
 * ack of the round. Answers the acks whose message is not stored yet (our send may still be storing its wid):
 * the caller leaves them for later (the send worker kicks their queue once the wid is stored).
 */
export async function applyAcks<T extends AckEvent>(
  env: Pick<InboundEnv, 'tx' | 'ctx' | 'outbound' | 'defer'>,
  acks: readonly T[],
): Promise<T[]> {
  if (acks.length === 0) return [];
  const highest = new Map<string, AckEvent>();
  for (const ack of acks) {
    const key = keyOf(ack);
    if ((highest.get(key)?.ack ?? -1) < ack.ack) highest.set(key, ack);
  }
  const raised = await raiseAcksByWid(env.tx, [...highest.values()]);
  const raisedKeys = new Set(raised.map(keyOf));
  const unraised = [...highest.values()].filter((ack) => !raisedKeys.has(keyOf(ack)));
  const stored = await storedWids(env.tx, unraised);
  if (raised.length > 0) {
    const views = await loadMessageViews(
      env.tx,
      env.outbound.storage,
      raised.map((row) => row.id),
    );
    const companyId = env.tx.companyId;
    env.defer(() => {
      for (const view of views) emitMessageUpdated(env.ctx.realtime, companyId, view);
    });
  }
  return acks.filter((ack) => !raisedKeys.has(keyOf(ack)) && !stored.has(keyOf(ack)));
}
