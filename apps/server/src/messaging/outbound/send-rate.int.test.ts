import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  asCompany,
  buildConnection,
  eventually,
  fakeSession,
  inboundMessage,
  uniquePhone,
  type BuiltConnection,
} from '../../../test/messaging-fixtures';
import type { BuiltCompany } from '../../../test/factories';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSIONS_AUTOSTART: 'off' });
  await server.listen();
  // A small burst and rate keep the test short; the mechanism is the production one (burst 20, then 10/s).
  server.messaging.outbound.worker.rate.capacity = 3;
  server.messaging.outbound.worker.rate.perSecond = 2;
});
afterAll(() => server.close());

/** A customer's ticket on the connection, with `count` replies of ours queued while the session is not up yet. */
async function queuedReplies(
  company: BuiltCompany,
  token: string,
  connection: BuiltConnection,
  count: number,
) {
  const phone = uniquePhone();
  await server.messaging.inbound.ingest(connection.descriptor, inboundMessage({ chatId: phone, text: 'Oi' }));
  await server.messaging.inbound.idle();
  const ticket = await asCompany(server, company.id, (tx) =>
    tx
      .selectFrom('tickets')
      .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
      .where('contacts.number', '=', phone)
      .select('tickets.id')
      .executeTakeFirstOrThrow(),
  );
  for (let i = 0; i < count; i++) {
    const answer = await server.call('POST', `/messages/${ticket.id}`, {
      token,
      body: { body: `reply ${i}` },
    });
    expect(answer.status).toBe(200);
  }
}

/** The connection's session comes up; answers when each send reached it. */
function sessionRecordingTimes(connection: BuiltConnection) {
  const session = fakeSession(server, connection.id);
  const times: number[] = [];
  const send = session.send.bind(session);
  session.send = async (command, key) => {
    times.push(Date.now());
    return send(command, key);
  };
  return { session, times };
}

describe('per-connection send rate', () => {
  it('sends a burst, then paces the rest, without slowing down another connection', async () => {
    const { company, token } = await buildAdminSession(server);
    const busy = await buildConnection(server, company);
    const quiet = await buildConnection(server, company);
    await queuedReplies(company, token, busy, 9);
    await queuedReplies(company, token, quiet, 3);

    const busyPhone = sessionRecordingTimes(busy);
    const quietPhone = sessionRecordingTimes(quiet);
    server.messaging.outbound.kick(busy.id);
    server.messaging.outbound.kick(quiet.id);
    await eventually(async () => busyPhone.times.length === 9 && quietPhone.times.length === 3, 15_000);

    const at = (i: number) => busyPhone.times[i] ?? Number.NaN;
    // 6 after the burst of 3, at 2 per second: each waits for its token (half a second apart, give or take the
    // database work between the token and the send), three seconds in all at least.
    expect(at(8) - at(3)).toBeGreaterThanOrEqual(2200);
    expect(at(8) - at(0)).toBeGreaterThanOrEqual(2800);
    // The other connection has a bucket of its own: its replies do not queue behind the busy one's.
    expect(Math.max(...quietPhone.times)).toBeLessThan(at(5));
    expect(busyPhone.session.sent.map((s) => s.command.text)).toEqual(
      Array.from({ length: 9 }, (_, i) => `reply ${i}`),
    );
  });

  it('uses the limit of the connection type when one is set (SIMULATOR_SEND_RATE) instead of the common one', async () => {
    const { company, token } = await buildAdminSession(server);
    const connection = await buildConnection(server, company);
    await queuedReplies(company, token, connection, 3);
    const { worker } = server.messaging.outbound;
    const common = { ...worker.rate };
    // The common limit is lifted: only the simulator's own (one, then one every 2 s) can pace these.
    Object.assign(worker.rate, { capacity: 1000, perSecond: 1000 });
    worker.rates.simulator = { capacity: 1, perSecond: 0.5 };
    try {
      const phone = sessionRecordingTimes(connection);
      server.messaging.outbound.kick(connection.id);
      await eventually(async () => phone.times.length === 3, 15_000);
      const [first = 0, , last = 0] = phone.times;
      expect(last - first).toBeGreaterThanOrEqual(3800);
    } finally {
      delete worker.rates.simulator;
      Object.assign(worker.rate, common);
    }
  }, 20_000);
});
