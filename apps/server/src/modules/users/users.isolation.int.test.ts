import { describeTenantIsolation } from '../../../test/isolation-kit';

interface CreatedUser {
  id: number;
  name: string;
}

let sequence = 0;

describeTenantIsolation<CreatedUser>({
  resource: 'user',
  async create(server, owner) {
    const name = `Isolated ${process.pid} ${++sequence}`;
    const { status, body } = await server.call('POST', '/users', {
      token: owner.token,
      body: { name, email: `isolated-${Date.now()}-${sequence}@example.com`, password: 'secret1' },
    });
    if (status !== 200) throw new Error(`user not created: ${status} ${JSON.stringify(body)}`);
    return { id: body.id, name };
  },
  byId: [
    { method: 'GET', path: (u) => `/users/${u.id}` },
    { method: 'PUT', path: (u) => `/users/${u.id}`, body: { name: 'Taken over', profile: 'admin' } },
    { method: 'PUT', path: (u) => `/users/${u.id}`, body: { password: 'hijacked1' } },
    { method: 'DELETE', path: (u) => `/users/${u.id}` },
  ],
  notFoundCode: 'ERR_NO_USER_FOUND',
  lists: [
    { path: '/users' },
    { path: (u) => `/users?searchParam=${encodeURIComponent(u.name)}` },
    { path: '/users/list' },
  ],
});
