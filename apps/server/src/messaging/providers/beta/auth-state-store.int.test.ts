import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../../test/harness';
import type { Scopes } from '../../../platform/tenancy';
import { createAuthState } from '../../sessions';
import { loadBaileysAuthState } from './auth-state-store';

let server: TestServer;
let scopes: Scopes;

beforeAll(async () => {
  server = await startTestServer();
  scopes = server.ctx.scopes;
});
afterAll(() => server.close());

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function buildConnection(companyId?: number) {
  const company =
    companyId ??
    (
      await scopes.asSystem((tx) =>
        tx.db
          .insertInto('companies')
          .values({ name: `Beta auth ${unique()}` })
          .returning('id')
          .executeTakeFirstOrThrow(),
      )
    ).id;
  const scope = scopes.tenant(company);
  const row = await scope.run((tx) =>
    tx
      .insertInto('whatsapps')
      .values({ companyId: company, name: `Beta ${unique()}`, provider: 'beta' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return { companyId: company, whatsappId: row.id, store: createAuthState(scope, row.id), scope };
}

const countKeys = (c: Awaited<ReturnType<typeof buildConnection>>) =>
  c.scope.run(async (tx) => {
    const rows = await tx
      .selectFrom('whatsappAuthKeys')
      .where('whatsappId', '=', c.whatsappId)
      .select('id')
      .execute();
    return rows.length;
  });

describe('beta auth state in PostgreSQL', () => {
  it('starts with fresh creds and round-trips them, Buffers included', async () => {
    const c = await buildConnection();
    const first = await loadBaileysAuthState(c.store);
    expect(first.state.creds.registered).toBe(false);
    first.state.creds.me = { id: '5511999990000:3@s.whatsapp.net', name: 'Shop' };
    first.state.creds.routingInfo = Buffer.from([1, 2, 3, 250]);
    await first.saveCreds();

    const again = await loadBaileysAuthState(c.store);
    expect(again.state.creds.me?.id).toBe('5511999990000:3@s.whatsapp.net');
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(
      Buffer.from(first.state.creds.noiseKey.private),
    );
    expect(again.state.creds.routingInfo).toEqual(Buffer.from([1, 2, 3, 250]));
    expect(again.state.creds.registrationId).toBe(first.state.creds.registrationId);
  });

  it('writes many types and ids of keys at once, reads them back as Buffers, and deletes on null', async () => {
    const c = await buildConnection();
    const auth = await loadBaileysAuthState(c.store);
    const preKey = { public: Buffer.from('aa', 'hex'), private: Buffer.from('bbcc', 'hex') };
    await auth.state.keys.set({
      'pre-key': { '1': preKey, '2': preKey },
      session: { '5511999990000.0': Buffer.from('session-bytes') },
      'lid-mapping': { '5511999990000': '123456789' },
      'app-state-sync-key': { AAAA: { keyData: Buffer.from([9, 9]), timestamp: 1700000000 } },
    });
    expect(await countKeys(c)).toBe(5);

    const preKeys = await auth.state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(preKeys).sort()).toEqual(['1', '2']);
    expect(preKeys['1']?.private).toEqual(Buffer.from('bbcc', 'hex'));
    const sessions = await auth.state.keys.get('session', ['5511999990000.0']);
    expect(Buffer.from(sessions['5511999990000.0'] ?? []).toString()).toBe('session-bytes');
    expect(await auth.state.keys.get('lid-mapping', ['5511999990000'])).toEqual({
      '5511999990000': '123456789',
    });
    const appKey = (await auth.state.keys.get('app-state-sync-key', ['AAAA'])).AAAA;
    expect(appKey?.keyData).toEqual(Buffer.from([9, 9]));

    await auth.state.keys.set({ 'pre-key': { '1': null }, session: { '5511999990000.0': null } });
    expect(Object.keys(await auth.state.keys.get('pre-key', ['1', '2']))).toEqual(['2']);
    expect(await auth.state.keys.get('session', ['5511999990000.0'])).toEqual({});
    expect(await countKeys(c)).toBe(3);
  });

  it('wipe forgets creds and keys, and drops later writes of the dying socket', async () => {
    const c = await buildConnection();
    const auth = await loadBaileysAuthState(c.store);
    auth.state.creds.me = { id: '5511888880000@s.whatsapp.net' };
    await auth.saveCreds();
    await auth.state.keys.set({ session: { a: Buffer.from('x') } });

    await auth.wipe();
    await auth.saveCreds();
    await auth.state.keys.set({ session: { b: Buffer.from('y') } });

    expect(await countKeys(c)).toBe(0);
    expect(await c.store.readCreds()).toBeNull();
    const fresh = await loadBaileysAuthState(c.store);
    expect(fresh.state.creds.me).toBeUndefined();
  });

  it('keeps connections apart, in one company and across companies', async () => {
    const a = await buildConnection();
    const b = await buildConnection(a.companyId);
    const other = await buildConnection();
    const authA = await loadBaileysAuthState(a.store);
    const authB = await loadBaileysAuthState(b.store);
    const authOther = await loadBaileysAuthState(other.store);
    await authA.state.keys.set({ session: { same: Buffer.from('A') } });
    await authB.state.keys.set({ session: { same: Buffer.from('B') } });
    await authOther.state.keys.set({ session: { same: Buffer.from('O') } });
    await authA.saveCreds();
    await authB.saveCreds();

    expect(Buffer.from((await authA.state.keys.get('session', ['same'])).same ?? []).toString()).toBe('A');
    expect(Buffer.from((await authB.state.keys.get('session', ['same'])).same ?? []).toString()).toBe('B');
    await authA.wipe();
    expect(await authB.state.keys.get('session', ['same'])).not.toEqual({});
    expect(await authOther.state.keys.get('session', ['same'])).not.toEqual({});
    const reloadedB = await loadBaileysAuthState(b.store);
    expect(reloadedB.state.creds.registrationId).toBe(authB.state.creds.registrationId);
  });
});
