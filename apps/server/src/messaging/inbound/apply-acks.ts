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
 * (only ever up), one reads their answers for the `appMessage` update each raised message gets, and only when some
 * raised nothing, one asks which of those messages are stored. A message with several acks in the round (delivered
 * and read close together) is raised level by level, one statement per level, so its updates are the ones it would
 * get one ack at a time. Answers the acks whose message is not stored yet (our send may still be storing its wid):
 * the caller leaves them for later (the send worker kicks their queue once the wid is stored).
 */
export async function applyAcks<T extends AckEvent>(
  env: Pick<InboundEnv, 'tx' | 'ctx' | 'outbound' | 'defer'>,
  acks: readonly T[],
): Promise<T[]> {
  if (acks.length === 0) return [];
  const levelsOf = new Map<string, AckEvent[]>();
  for (const ack of acks) {
    const key = keyOf(ack);
    const levels = levelsOf.get(key) ?? [];
    if (!levels.some((level) => level.ack === ack.ack)) levels.push(ack);
    levelsOf.set(key, levels);
  }
  for (const levels of levelsOf.values()) levels.sort((a, b) => a.ack - b.ack);
  const raisedKeys = new Set<string>();
  const companyId = env.tx.companyId;
  for (let layer = 0; ; layer += 1) {
    const step = [...levelsOf.values()].flatMap((levels) => levels[layer] ?? []);
    if (step.length === 0) break;
    const raised = await raiseAcksByWid(env.tx, step);
    if (raised.length === 0) continue;
    for (const row of raised) raisedKeys.add(keyOf(row));
    const views = await loadMessageViews(
      env.tx,
      env.outbound.storage,
      raised.map((row) => row.id),
    );
    env.defer(() => {
      for (const view of views) emitMessageUpdated(env.ctx.realtime, companyId, view);
    });
  }
  const unraised = [...levelsOf.entries()].flatMap(([key, [lowest]]) =>
    !raisedKeys.has(key) && lowest ? [lowest] : [],
  );
  const stored = await storedWids(env.tx, unraised);
  return acks.filter((ack) => !raisedKeys.has(keyOf(ack)) && !stored.has(keyOf(ack)));
}
