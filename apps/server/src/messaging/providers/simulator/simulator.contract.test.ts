import { afterAll, beforeAll } from 'vitest';
import { buildCompany } from '../../../../test/factories';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { createAuthState } from '../../sessions';
import type { ConnectionDescriptor, ProviderEvent, SessionHooks } from '../port';
import { describeProviderContract, type ProviderContractHarness } from '../provider.contract';
import { SimulatedAvatars } from './avatars';
import { simulatedOwnNumber } from './numbers';
import { writePairing } from './pairing';
import { SimulatorSession } from './simulator-session';
import { listOutbox, newExternalId, outgoingAcks, recordInbound } from './simulator.repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const timings = { qrMs: 5000, deliveredMs: 40, readMs: 120 };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A simulator connection row of its own (no session manager involved) and sessions built directly. */
async function makeSimulatorHarness(): Promise<ProviderContractHarness> {
  const company = await buildCompany(server);
  const scope = server.ctx.scopes.tenant(company.id);
  const row = await scope.run((tx) =>
    tx
      .insertInto('whatsapps')
      .values({ companyId: company.id, name: 'Contract', provider: 'simulator' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const connection: ConnectionDescriptor = {
    companyId: company.id,
    whatsappId: row.id,
    name: 'Contract',
    provider: 'simulator',
    config: {},
  };
  const events: ProviderEvent[] = [];
  const hooks: SessionHooks = {
    emit: async (event) => {
      events.push(event);
    },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  };
  const authState = createAuthState(scope, row.id);
  const avatars = new SimulatedAvatars(server.ctx.config.storageDir, server.ctx.config.backendUrl);
  const open = () => new SimulatorSession({ connection, hooks, authState }, scope, timings, avatars);
  let session = open();

  return {
    get session() {
      return session;
    },
    events,
    pairs: true,
    async pair() {
      await writePairing(authState, simulatedOwnNumber(row.id));
      await session.wake();
    },
    async customerSends(message) {
      const externalId = newExternalId('in');
      await recordInbound(scope, row.id, externalId, {
        peer: message.from,
        type: message.media ? 'image' : 'text',
        body: message.text ?? '',
        mediaFileName: message.media?.fileName ?? null,
        mediaMimetype: message.media?.mimetype ?? null,
        mediaBase64: message.media?.data.toString('base64') ?? null,
      });
      await session.wake();
      return { wid: externalId };
    },
    async receivedBy(number) {
      const rows = await listOutbox(scope, row.id, [number]);
      return rows.map((r) => ({ wid: r.externalId, text: r.body }));
    },
    async settleAcks(wid) {
      for (let waited = 0; waited < 3000; waited += 20) {
        if (((await outgoingAcks(scope, row.id, [wid])).get(wid) ?? 0) >= 3) return;
        await pause(20);
      }
      throw new Error(`${wid} never read`);
    },
    numbers: { known: '551198765432', knownNormalized: '5511998765432', unknown: '12345' },
    pictures: { withPicture: '5511998765432', without: '5511998765400' },
    async reopen() {
      session = open();
      return session;
    },
    async close() {},
  };
}

describeProviderContract('simulator', makeSimulatorHarness);
