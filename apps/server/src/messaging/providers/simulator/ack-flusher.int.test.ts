import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany } from '../../../../test/factories';
import { startTestServer, type TestServer } from '../../../../test/harness';
import type { TenantScope } from '../../../platform/tenancy';
import type { ProviderEvent } from '../port';
import { SimulatorAckFlusher, type AckLine, type AckStore } from './ack-flusher';
import { outgoingAcksOf, raiseAcksOf, recordOutgoing } from './simulator.repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
});
afterAll(() => server.close());

const WINDOW_MS = 30;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fake line: what it emitted, whether it refuses, and its epoch (a reset bumps it). */
function fakeLine(whatsappId: number, options: { refuses?: boolean; gate?: Promise<void> } = {}) {
  const emitted: ProviderEvent[] = [];
  const line: AckLine & { emitted: ProviderEvent[]; epoch: number } = {
    whatsappId,
    emitted,
    epoch: 1,
    async emit(event) {
      await options.gate;
      if (options.refuses) throw new Error('pipeline down');
      emitted.push(event);
    },
    isCurrent: (epoch) => epoch === line.epoch,
  };
  return line;
}

/** The repository, counting its calls: each is one statement. */
function countingStore() {
  const calls = { storedAcks: 0, raiseAcks: 0, raised: [] as number[] };
  const store: AckStore = {
    storedAcks: (scope, messages) => {
      calls.storedAcks += 1;
      return outgoingAcksOf(scope, messages);
    },
    raiseAcks: (scope, acks) => {
      calls.raiseAcks += 1;
      calls.raised.push(acks.length);
      return raiseAcksOf(scope, acks);
    },
  };
  return { store, calls };
}

async function simulatorLines(count: number) {
  const company = await buildCompany(server);
  const scope = server.ctx.scopes.tenant(company.id);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await scope.run((tx) =>
      tx
        .insertInto('whatsapps')
        .values({ companyId: company.id, name: `Line ${i}`, provider: 'simulator' })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    ids.push(row.id);
  }
  const errors: Array<{ details: object; message: string }> = [];
  const log = { error: (details: object, message: string) => errors.push({ details, message }) };
  return { scope, ids, errors, log };
}

/** Our messages on a line, as the phone stores them when we send (ack 1). */
async function sent(scope: TenantScope, whatsappId: number, count: number): Promise<string[]> {
  const wids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const key = `ack-flusher-${whatsappId}-${i}`;
    const { externalId } = await recordOutgoing(scope, whatsappId, key, {
      peer: '5511998765432',
      type: 'text',
      body: `message ${i}`,
    });
    wids.push(externalId);
  }
  return wids;
}

async function acksOf(scope: TenantScope, whatsappId: number, wids: string[]): Promise<number[]> {
  const stored = await outgoingAcksOf(
    scope,
    wids.map((externalId) => ({ whatsappId, externalId })),
  );
  return wids.map((wid) => stored.get(`${whatsappId}:${wid}`)?.ack ?? -1);
}

async function until(check: () => boolean, ms = 3000): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > ms) throw new Error('condition not met in time');
    await pause(10);
  }
}

describe('the simulator ack flusher', () => {
  it("stores many lines' due acks with one read and one raise, the highest ack of each message", async () => {
    const { scope, ids, log, errors } = await simulatorLines(5);
    const { store, calls } = countingStore();
    const flusher = new SimulatorAckFlusher(scope, log, WINDOW_MS, store);
    const lines = ids.map((id) => fakeLine(id));
    const widsOf = await Promise.all(ids.map((id) => sent(scope, id, 8)));

    lines.forEach((line, i) => {
      for (const wid of widsOf[i] ?? []) flusher.due(line, 1, wid, 2);
    });
    // Both acks of one message fall due in the window: only the read goes out.
    const [first] = widsOf[0] ?? [];
    if (!first) throw new Error('no message');
    flusher.due(lines[0] ?? fakeLine(0), 1, first, 3);

    await until(() => lines.every((line) => line.emitted.length === 8));
    await until(() => calls.raiseAcks === 1);
    await pause(WINDOW_MS * 2);
    expect(calls).toEqual({ storedAcks: 1, raiseAcks: 1, raised: [40] });
    for (const [i, line] of lines.entries()) {
      const wids = widsOf[i] ?? [];
      expect(line.emitted).toEqual(
        wids.map((wid) => ({ type: 'message.status', wid, ack: wid === first ? 3 : 2 })),
      );
      expect(await acksOf(scope, line.whatsappId, wids)).toEqual(wids.map((wid) => (wid === first ? 3 : 2)));
    }
    expect(errors).toEqual([]);
  });

  it('never lowers an ack, drops a reset line’s acks, and leaves a refused ack unstored with a logged error', async () => {
    const { scope, ids, log, errors } = await simulatorLines(3);
    const { store, calls } = countingStore();
    const flusher = new SimulatorAckFlusher(scope, log, WINDOW_MS, store);
    const [readId = 0, resetId = 0, refusingId = 0] = ids;
    const read = fakeLine(readId);
    const reset = fakeLine(resetId);
    const refusing = fakeLine(refusingId, { refuses: true });
    const [alreadyRead = '', fresh = ''] = await sent(scope, readId, 2);
    const resetWids = await sent(scope, resetId, 3);
    const refusedWids = await sent(scope, refusingId, 2);
    const [stored] = (
      await outgoingAcksOf(scope, [{ whatsappId: readId, externalId: alreadyRead }])
    ).values();
    if (!stored) throw new Error('not stored');
    await raiseAcksOf(scope, [{ id: stored.id, ack: 3 }]);

    flusher.due(read, 1, alreadyRead, 2);
    flusher.due(read, 1, fresh, 2);
    for (const wid of resetWids) flusher.due(reset, 1, wid, 2);
    for (const wid of refusedWids) flusher.due(refusing, 1, wid, 3);
    reset.epoch = 2;
    await flusher.drop(reset);

    await until(() => calls.raiseAcks === 1 && errors.length === 1);
    await pause(WINDOW_MS * 2);
    expect(read.emitted).toEqual([{ type: 'message.status', wid: fresh, ack: 2 }]);
    expect(reset.emitted).toEqual([]);
    expect(calls).toEqual({ storedAcks: 1, raiseAcks: 1, raised: [1] });
    expect(await acksOf(scope, readId, [alreadyRead, fresh])).toEqual([3, 2]);
    expect(await acksOf(scope, resetId, resetWids)).toEqual([1, 1, 1]);
    // Refused: still at 1, so a restart's unread scan sends them again.
    expect(await acksOf(scope, refusingId, refusedWids)).toEqual([1, 1]);
    expect(errors).toEqual([
      {
        details: expect.objectContaining({ refused: 2 }),
        message: 'simulator acks not accepted by the pipeline',
      },
    ]);
  });

  it('lets a stopping line wait for the flush that carries its acks', async () => {
    const { scope, ids, log } = await simulatorLines(1);
    const [whatsappId = 0] = ids;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const line = fakeLine(whatsappId, { gate });
    const flusher = new SimulatorAckFlusher(scope, log, WINDOW_MS);
    const [wid = ''] = await sent(scope, whatsappId, 1);
    flusher.due(line, 1, wid, 2);
    await pause(WINDOW_MS * 3);

    let stopped = false;
    const stopping = flusher.drop(line).then(() => {
      stopped = true;
    });
    await pause(50);
    expect(stopped).toBe(false);
    open();
    await stopping;
    expect(line.emitted).toEqual([{ type: 'message.status', wid, ack: 2 }]);
    expect(await acksOf(scope, whatsappId, [wid])).toEqual([2]);
  });
});
