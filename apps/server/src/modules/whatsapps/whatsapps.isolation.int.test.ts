import { describeTenantIsolation } from '../../../test/isolation-kit';
import { createConnection } from './whatsapps.fixtures';

describeTenantIsolation<{ id: number; companyId: number }>({
  resource: 'connection',
  async create(server, owner) {
    const { id } = await createConnection(server, owner.token, { provider: 'simulator' });
    return { id, companyId: owner.company.id };
  },
  byId: [
    { method: 'GET', path: (w) => `/whatsapp/${w.id}` },
    { method: 'PUT', path: (w) => `/whatsapp/${w.id}`, body: { name: 'Taken over', isDefault: true } },
    { method: 'DELETE', path: (w) => `/whatsapp/${w.id}` },
    { method: 'POST', path: (w) => `/whatsappsession/${w.id}` },
    { method: 'PUT', path: (w) => `/whatsappsession/${w.id}` },
    { method: 'DELETE', path: (w) => `/whatsappsession/${w.id}` },
    { method: 'POST', path: (w) => `/simulator/connections/${w.id}/scan` },
    {
      method: 'POST',
      path: (w) => `/simulator/connections/${w.id}/inbound`,
      body: { from: '5511988887777', body: 'hi' },
    },
    { method: 'GET', path: (w) => `/simulator/connections/${w.id}/outbox?to=5511988887777` },
  ],
  lists: [{ path: '/whatsapp' }, { path: (w) => `/whatsapp?companyId=${w.companyId}` }],
});
