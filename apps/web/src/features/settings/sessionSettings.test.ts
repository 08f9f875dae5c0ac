import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@zapdesk/contracts';
import { companyWithSetting, withSetting } from './sessionSettings';

const user = {
  id: 7,
  name: 'Ana',
  company: {
    id: 3,
    name: 'Acme',
    settings: [
      { key: 'userRating', value: 'disabled' },
      { key: 'sendGreetingAccepted', value: 'disabled' },
    ],
  },
} as unknown as SessionUser;

describe('session settings', () => {
  it('replaces the saved key in place and keeps the others', () => {
    expect(withSetting(user.company.settings, { key: 'sendGreetingAccepted', value: 'enabled' })).toEqual([
      { key: 'userRating', value: 'disabled' },
      { key: 'sendGreetingAccepted', value: 'enabled' },
    ]);
  });

  it('adds a key the list did not have', () => {
    expect(withSetting(user.company.settings, { key: 'call', value: 'enabled' })).toHaveLength(3);
  });

  it("puts the setting in the session user's company without touching the original", () => {
    const { company } = companyWithSetting(user, { key: 'userRating', value: 'enabled' });
    expect(company).toMatchObject({ id: 3, name: 'Acme' });
    expect(company.settings).toContainEqual({ key: 'userRating', value: 'enabled' });
    expect(user.company.settings).toContainEqual({ key: 'userRating', value: 'disabled' });
  });
});
