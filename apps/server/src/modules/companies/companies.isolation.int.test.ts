import { describeTenantIsolation } from '../../../test/isolation-kit';

const weekHours = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }];

describeTenantIsolation<{ id: number }>({
  resource: 'company',
  create: async (_server, owner) => ({ id: owner.company.id }),
  byId: [
    { method: 'GET', path: (c) => `/companies/${c.id}` },
    { method: 'GET', path: (c) => `/companies/listPlan/${c.id}` },
    { method: 'PUT', path: (c) => `/companies/${c.id}/schedules`, body: { schedules: weekHours } },
  ],
});
