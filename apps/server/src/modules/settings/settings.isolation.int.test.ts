import { describeTenantIsolation } from '../../../test/isolation-kit';

interface SavedSettings {
  /** The company's payment-provider token: unique per company, so a leak is visible. */
  id: string;
}

let sequence = 0;

const holdsToken = (body: unknown, settings: SavedSettings) =>
  Array.isArray(body) &&
  body.some((s: { key: string; value: string }) => s.key === 'asaas' && s.value === settings.id);

describeTenantIsolation<SavedSettings>({
  resource: 'setting',
  async create(server, owner) {
    const token = `asaas-${process.pid}-${Date.now()}-${++sequence}`;
    for (const [key, value] of [
      ['asaas', token],
      ['userRating', 'enabled'],
      ['scheduleType', 'queue'],
    ]) {
      const { status } = await server.call('PUT', `/settings/${key}`, {
        token: owner.token,
        body: { value },
      });
      if (status !== 200) throw new Error(`setting ${key} not saved: ${status}`);
    }
    return { id: token };
  },
  ownWrites: [
    { method: 'PUT', path: '/settings/asaas', body: { value: 'written by company B' } },
    { method: 'PUT', path: '/settings/userRating', body: { value: 'disabled' } },
    { method: 'PUT', path: '/settings/scheduleType', body: { value: 'company' } },
    { method: 'PUT', path: '/settings/call', body: { value: 'enabled' } },
  ],
  async readAsOwner(server, owner) {
    const { status, body } = await server.call('GET', '/settings', { token: owner.token });
    if (status !== 200) throw new Error(`settings not read: ${status}`);
    return body;
  },
  lists: [{ path: '/settings', contains: holdsToken }],
});
