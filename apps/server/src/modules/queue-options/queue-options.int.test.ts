import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { buildAdminSession, buildUser, login } from '../../../test/factories';
import { describeTenantIsolation } from '../../../test/isolation-kit';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let sequence = 0;

async function createQueue(token: string): Promise<number> {
  const n = ++sequence;
  const color = `#${((process.pid * 31 + n * 7717) % 0xffffff).toString(16).padStart(6, '0')}`;
  const { status, body } = await server.call('POST', '/queue', {
    token,
    body: { name: `Queue ${n}`, color },
  });
  if (status !== 200) throw new Error(`queue not created: ${status} ${JSON.stringify(body)}`);
  return body.id;
}

async function addOption(token: string, body: Record<string, unknown>) {
  return server.call('POST', '/queue-options', { token, body: { message: '', ...body } });
}

const titles = (options: Array<{ title: string }>) => options.map((o) => o.title);

describe('queue options', () => {
  it('builds a tree and answers each level by option, with direct children', async () => {
    const { token } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const ten = await addOption(token, { title: 'Ten', option: 10, queueId, parentId: -1 });
    const one = await addOption(token, { title: 'One', option: '1', queueId, message: 'Choose' });
    const two = await addOption(token, { title: 'Two', option: 2, queueId, parentId: null });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      title: 'One',
      option: '1',
      message: 'Choose',
      queueId,
      parentId: null,
      children: [],
    });
    const child = await addOption(token, { title: 'One.1', option: 1, queueId, parentId: one.body.id });
    expect(child.body.parentId).toBe(one.body.id);

    const root = await server.call('GET', `/queue-options?queueId=${queueId}&parentId=-1`, { token });
    expect(root.status).toBe(200);
    expect(titles(root.body)).toEqual(['One', 'Two', 'Ten']);
    expect(titles(root.body[0].children)).toEqual(['One.1']);
    expect(root.body[1].children).toEqual([]);

    const level = await server.call('GET', `/queue-options?queueId=${queueId}&parentId=${one.body.id}`, {
      token,
    });
    expect(titles(level.body)).toEqual(['One.1']);
    const every = await server.call('GET', `/queue-options?queueId=${queueId}`, { token });
    expect(titles(every.body).sort()).toEqual(['One', 'One.1', 'Ten', 'Two']);

    const shown = await server.call('GET', `/queue-options/${one.body.id}`, { token });
    expect(shown.body).toMatchObject({ id: one.body.id, children: [{ id: child.body.id, title: 'One.1' }] });
    expect([ten.status, two.status]).toEqual([200, 200]);
  });

  it('deletes an option with its whole subtree; the client renumbers the siblings with PUT', async () => {
    const { token } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const first = await addOption(token, { title: 'First', option: 1, queueId });
    const second = await addOption(token, { title: 'Second', option: 2, queueId });
    const child = await addOption(token, { title: 'Child', option: 1, queueId, parentId: first.body.id });
    const grandchild = await addOption(token, {
      title: 'Grandchild',
      option: 1,
      queueId,
      parentId: child.body.id,
    });

    const deleted = await server.call('DELETE', `/queue-options/${first.body.id}`, { token });
    expect(deleted.body).toEqual({ message: 'Queue option deleted' });
    for (const id of [first.body.id, child.body.id, grandchild.body.id]) {
      expect((await server.call('GET', `/queue-options/${id}`, { token })).status).toBe(404);
    }
    const renumbered = await server.call('PUT', `/queue-options/${second.body.id}`, {
      token,
      body: { ...second.body, option: 1, title: 'Second, now first', queueId: 999, parentId: 5 },
    });
    expect(renumbered.status).toBe(200);
    expect(renumbered.body).toMatchObject({
      option: '1',
      title: 'Second, now first',
      queueId,
      parentId: null,
    });
    const root = await server.call('GET', `/queue-options?queueId=${queueId}&parentId=-1`, { token });
    expect(root.body.map((o: { option: string }) => o.option)).toEqual(['1']);
  });

  it('answers the spec texts for broken fields', async () => {
    const { token } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ title: ' ', option: 1, queueId }, { title: 'Required' }],
      [{ title: 'x'.repeat(201), option: 1, queueId }, { title: 'Too Long!' }],
      [{ title: 'Ok', queueId }, { option: 'Required' }],
      [{ title: 'Ok', option: '', queueId }, { option: 'Required' }],
      [{ title: 'Ok', option: 1 }, { queueId: 'Invalid value' }],
      [{ title: 'Ok', option: 1, queueId: 3_000_000_000 }, { queueId: 'Invalid value' }],
      [{ title: 'Ok', option: 1, queueId, parentId: 'x' }, { parentId: 'Invalid value' }],
      // The ordinal is what a customer types to choose the option: a positive whole number.
      [{ title: 'Ok', option: 'x'.repeat(21), queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: 'a', queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: 0, queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: '-1', queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: 1.5, queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: true, queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: '1000000', queueId }, { option: 'Invalid value' }],
      [{ title: 'Ok', option: 1, queueId, message: 'x'.repeat(10_001) }, { message: 'Too Long!' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await addOption(token, body);
      expect({ body, status: answer.status, fields: answer.body.fields }).toEqual({
        body,
        status: 400,
        fields,
      });
    }
    const badQuery = await server.call('GET', '/queue-options?parentId=abc', { token });
    expect([badQuery.status, badQuery.body.fields]).toEqual([400, { parentId: 'Invalid value' }]);
    const edit = await addOption(token, { title: 'Ok', option: 1, queueId });
    const emptied = await server.call('PUT', `/queue-options/${edit.body.id}`, {
      token,
      body: { title: '' },
    });
    expect([emptied.status, emptied.body.fields]).toEqual([400, { title: 'Required' }]);
    for (const [change, fields] of [
      [{ option: ' ' }, { option: 'Required' }],
      [{ message: 'x'.repeat(10_001) }, { message: 'Too Long!' }],
    ] as const) {
      const answer = await server.call('PUT', `/queue-options/${edit.body.id}`, { token, body: change });
      expect({ change, status: answer.status, fields: answer.body.fields }).toEqual({
        change,
        status: 400,
        fields,
      });
    }
    const kept = await server.call('GET', `/queue-options/${edit.body.id}`, { token });
    expect(kept.body).toMatchObject({ title: 'Ok', option: '1', message: '' });
  });

  it("answers 404 for another company's queue, and for a parent from another queue", async () => {
    const { token } = await buildAdminSession(server);
    const other = await buildAdminSession(server);
    const foreignQueue = await createQueue(other.token);
    expect((await addOption(token, { title: 'Sneaky', option: 1, queueId: foreignQueue })).status).toBe(404);

    const queueA = await createQueue(token);
    const queueB = await createQueue(token);
    const parent = await addOption(token, { title: 'Parent', option: 1, queueId: queueA });
    const misplaced = await addOption(token, {
      title: 'Child',
      option: 1,
      queueId: queueB,
      parentId: parent.body.id,
    });
    expect(misplaced.status).toBe(404);
    const foreignParent = await addOption(other.token, { title: 'Parent', option: 1, queueId: foreignQueue });
    const crossed = await addOption(token, {
      title: 'Child',
      option: 1,
      queueId: queueA,
      parentId: foreignParent.body.id,
    });
    expect(crossed.status).toBe(404);
  });

  it('lets every profile read the tree and only admins change it', async () => {
    const { token, company } = await buildAdminSession(server);
    const queueId = await createQueue(token);
    const option = await addOption(token, { title: 'Menu', option: 1, queueId });
    for (const profile of ['user', 'supervisor'] as const) {
      const user = await buildUser(server, company, { profile });
      const userToken = (await login(server, user)).token;
      const read = await server.call('GET', `/queue-options?queueId=${queueId}&parentId=-1`, {
        token: userToken,
      });
      expect(titles(read.body)).toEqual(['Menu']);
      const writes = [
        await addOption(userToken, { title: 'Mine', option: 2, queueId }),
        await server.call('PUT', `/queue-options/${option.body.id}`, {
          token: userToken,
          body: { title: 'Mine' },
        }),
        await server.call('DELETE', `/queue-options/${option.body.id}`, { token: userToken }),
      ];
      expect(writes.map((w) => w.status)).toEqual([403, 403, 403]);
    }
    expect((await server.call('GET', `/queue-options/${option.body.id}`, { token })).body.title).toBe('Menu');
  });
});

describeTenantIsolation<{ id: number; queueId: number }>({
  resource: 'queue option',
  server: () => server,
  async create(_server, owner) {
    const queueId = await createQueue(owner.token);
    const { status, body } = await addOption(owner.token, {
      title: `Option ${++sequence}`,
      option: 1,
      queueId,
    });
    if (status !== 200) throw new Error(`option not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, queueId };
  },
  byId: [
    { method: 'GET', path: (o) => `/queue-options/${o.id}` },
    { method: 'PUT', path: (o) => `/queue-options/${o.id}`, body: { title: 'Taken over', option: 9 } },
    {
      method: 'POST',
      path: '/queue-options',
      body: (o: { queueId: number }) => ({ title: 'Intruder', option: 2, queueId: o.queueId }),
    },
    { method: 'DELETE', path: (o) => `/queue-options/${o.id}/media-upload` },
    { method: 'DELETE', path: (o) => `/queue-options/${o.id}` },
  ],
  notFoundCode: 'ERR_NOT_FOUND',
  readAsOwner: async (srv, owner, o) =>
    (await srv.call('GET', `/queue-options?queueId=${o.queueId}`, { token: owner.token })).body,
  lists: [{ path: '/queue-options' }, { path: (o) => `/queue-options?queueId=${o.queueId}&parentId=-1` }],
});
