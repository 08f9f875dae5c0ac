import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { connectionWhen, createConnection } from './whatsapps.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function ticketOn(companyId: number, whatsappId: number) {
  return server.ctx.scopes.tenant(companyId).run(async (tx) => {
    const contact = await tx
      .insertInto('contacts')
      .values({ companyId, name: 'Customer', number: `55119${Date.now() % 100_000_000}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return tx
      .insertInto('tickets')
      .values({ companyId, contactId: contact.id, whatsappId, status: 'open' })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

describe('DELETE /whatsapp/:id', () => {
  it('deletes the connection with its keys, keeps its tickets and makes another connection the default', async () => {
    const { company, token } = await buildAdminSession(server);
    const doomed = await createConnection(server, token);
    const other = await createConnection(server, token);
    const connected = await createConnection(server, token);
    await server.ctx.scopes.tenant(company.id).run(async (tx) => {
      await tx.updateTable('whatsapps').set({ status: 'CONNECTED' }).where('id', '=', connected.id).execute();
      await tx
        .insertInto('whatsappAuthCreds')
        .values({ companyId: company.id, whatsappId: doomed.id, creds: JSON.stringify({ me: 'x' }) })
        .execute();
      await tx
        .insertInto('whatsappAuthKeys')
        .values({ companyId: company.id, whatsappId: doomed.id, type: 'pre-key', keyId: '1', value: '{}' })
        .execute();
    });
    const ticket = await ticketOn(company.id, doomed.id);
    const user = await buildUser(server, company, { profile: 'user' });
    await server.call('PUT', `/users/${user.id}`, { token, body: { whatsappId: doomed.id } });

    const answer = await server.call('DELETE', `/whatsapp/${doomed.id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: 'Whatsapp deleted' });

    expect((await server.call('GET', `/whatsapp/${doomed.id}`, { token })).status).toBe(404);
    const list = (await server.call('GET', '/whatsapp', { token })).body;
    expect(list.filter((w: { isDefault: boolean }) => w.isDefault).map((w: { id: number }) => w.id)).toEqual([
      connected.id,
    ]);
    expect(list.map((w: { id: number }) => w.id).sort()).toEqual([other.id, connected.id].sort());

    const left = await server.ctx.scopes.tenant(company.id).run(async (tx) => ({
      ticket: await tx
        .selectFrom('tickets')
        .where('id', '=', ticket.id)
        .select('whatsappId')
        .executeTakeFirst(),
      creds: await tx
        .selectFrom('whatsappAuthCreds')
        .where('whatsappId', '=', doomed.id)
        .selectAll()
        .execute(),
      keys: await tx.selectFrom('whatsappAuthKeys').where('whatsappId', '=', doomed.id).selectAll().execute(),
      user: await tx.selectFrom('users').where('id', '=', user.id).select('whatsappId').executeTakeFirst(),
    }));
    expect(left).toEqual({ ticket: { whatsappId: null }, creds: [], keys: [], user: { whatsappId: null } });
  });

  it('logs a live session out and lets it go', async () => {
    const { token } = await buildAdminSession(server);
    const sim = await createConnection(server, token, { provider: 'simulator' });
    await connectionWhen(server, token, sim.id, (c) => c.status === 'qrcode');
    await server.call('POST', `/simulator/connections/${sim.id}/scan`, { token });
    await connectionWhen(server, token, sim.id, (c) => c.status === 'CONNECTED');
    expect(server.messaging.sessions.local(sim.id)).toBeDefined();

    expect((await server.call('DELETE', `/whatsapp/${sim.id}`, { token })).status).toBe(200);
    expect(server.messaging.sessions.local(sim.id)).toBeUndefined();
    const lease = await server.ctx.scopes.asSystem((tx) =>
      tx.db.selectFrom('leases').where('resource', '=', `whatsapp:${sim.id}`).selectAll().execute(),
    );
    expect(lease).toEqual([]);
  });

  it('answers 404 to an unknown id and 403 to non-admins, deleting nothing', async () => {
    const { company, token } = await buildAdminSession(server);
    const kept = await createConnection(server, token);
    const missing = await server.call('DELETE', '/whatsapp/2000000000', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('ERR_NO_WAPP_FOUND');
    const { token: userToken } = await login(server, await buildUser(server, company, { profile: 'user' }));
    expect((await server.call('DELETE', `/whatsapp/${kept.id}`, { token: userToken })).status).toBe(403);
    expect((await server.call('GET', `/whatsapp/${kept.id}`, { token })).status).toBe(200);
  });
});
