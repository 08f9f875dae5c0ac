import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { findDefaultConnection } from './index';
import { buildPrompt, buildQueue, createConnection } from './whatsapps.fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /whatsapp and /whatsapp/:id', () => {
  it('lists the connections with queues and prompt, the token only for admins, never session keys', async () => {
    const { company, token } = await buildAdminSession(server);
    const queue = await buildQueue(server, company.id);
    const prompt = await buildPrompt(server, company.id);
    const first = await createConnection(server, token, { queueIds: [queue.id], promptId: prompt.id });
    const second = await createConnection(server, token);
    await server.ctx.scopes.tenant(company.id).run((tx) =>
      tx
        .insertInto('whatsappAuthCreds')
        .values({
          companyId: company.id,
          whatsappId: first.id,
          creds: JSON.stringify({ noiseKey: 'SECRET-NOISE' }),
        })
        .execute(),
    );

    const asAdmin = await server.call('GET', '/whatsapp?session=0', { token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.map((w: { id: number }) => w.id)).toEqual([first.id, second.id]);
    expect(asAdmin.body[0]).toMatchObject({
      queues: [{ id: queue.id, name: queue.name, color: queue.color }],
      prompt: { id: prompt.id, name: prompt.name },
      token: first.token,
    });
    expect(asAdmin.response.body).not.toContain('SECRET-NOISE');

    const { token: userToken } = await login(server, await buildUser(server, company, { profile: 'user' }));
    const asUser = await server.call('GET', '/whatsapp', { token: userToken });
    expect(asUser.body.map((w: { id: number }) => w.id)).toEqual([first.id, second.id]);
    for (const w of asUser.body) expect(w).not.toHaveProperty('token');
    const one = await server.call('GET', `/whatsapp/${first.id}`, { token: userToken });
    expect(one.body).not.toHaveProperty('token');
    expect(one.body.queues).toHaveLength(1);
  });

  it('reads another company only for a super user', async () => {
    const a = await buildAdminSession(server);
    const b = await buildAdminSession(server);
    const ofA = await createConnection(server, a.token);
    const ofB = await createConnection(server, b.token);
    const asB = await server.call('GET', `/whatsapp?companyId=${a.company.id}`, { token: b.token });
    expect(asB.body.map((w: { id: number }) => w.id)).toEqual([ofB.id]);

    const superUser = await buildUser(server, b.company, { super: true });
    const { token } = await login(server, superUser);
    const asSuper = await server.call('GET', `/whatsapp?companyId=${a.company.id}`, { token });
    expect(asSuper.body.map((w: { id: number }) => w.id)).toEqual([ofA.id]);
  });
});

describe('findDefaultConnection', () => {
  it('takes the given connection, else the user default, else the connected default, else any connected', async () => {
    const { company, token } = await buildAdminSession(server);
    const scope = server.ctx.scopes.tenant(company.id);
    const pick = (preferred?: number | null, userId?: number) =>
      scope.run(async (tx) => (await findDefaultConnection(tx, preferred, userId)).id);
    const setStatus = (id: number, status: 'CONNECTED' | 'DISCONNECTED') =>
      scope.run((tx) => tx.updateTable('whatsapps').set({ status }).where('id', '=', id).execute());

    const main = await createConnection(server, token);
    const spare = await createConnection(server, token);
    const personal = await createConnection(server, token);
    await expect(pick()).rejects.toMatchObject({ code: 'ERR_NO_DEF_WAPP_FOUND', status: 404 });

    await setStatus(spare.id, 'CONNECTED');
    expect(await pick()).toBe(spare.id);
    await setStatus(main.id, 'CONNECTED');
    expect(await pick()).toBe(main.id);
    await setStatus(main.id, 'DISCONNECTED');
    expect(await pick()).toBe(spare.id);

    const user = await buildUser(server, company, { profile: 'user' });
    expect(await pick(undefined, user.id)).toBe(spare.id);
    await scope.run((tx) =>
      tx.updateTable('users').set({ whatsappId: personal.id }).where('id', '=', user.id).execute(),
    );
    expect(await pick(undefined, user.id)).toBe(personal.id);
    expect(await pick(main.id, user.id)).toBe(main.id);

    const other = await buildAdminSession(server);
    const foreign = await createConnection(server, other.token);
    await expect(pick(foreign.id)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND', status: 404 });
  });
});
