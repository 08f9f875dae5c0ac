import { describe, expect, it } from 'vitest';
import { abilities, abilitiesOf, type Ability } from './abilities';
import { profiles } from './constants';

const adminOnly: Ability[] = [
  'dashboard.view',
  'administration.view',
  'company.dueDate.view',
  'users.manage',
  'users.editProfile',
  'users.editQueues',
  'queues.manage',
  'connections.manage',
  'contacts.delete',
  'tickets.seeAll',
  'tickets.delete',
  'tickets.peek',
  'records.changeAny',
  'prompts.manage',
  'integrations.manage',
  'settings.manage',
  'simulator.use',
];

describe('abilitiesOf', () => {
  it('gives a profile user with no super flag nothing', () => {
    expect(abilitiesOf({ profile: 'user', super: false })).toEqual([]);
  });

  it('gives a supervisor only the tag Kanban switch', () => {
    expect(abilitiesOf({ profile: 'supervisor', super: false })).toEqual(['tags.kanban']);
  });

  it('gives an admin the administration, the Kanban switch and paying invoices, not the super tabs', () => {
    const granted = abilitiesOf({ profile: 'admin', super: false });
    expect(granted).toEqual(expect.arrayContaining([...adminOnly, 'tags.kanban', 'invoices.pay']));
    expect(granted).not.toContain('announcements.manage');
    expect(granted).not.toContain('companies.manage');
  });

  it('gives a super admin every ability, in the order of the list', () => {
    expect(abilitiesOf({ profile: 'admin', super: true })).toEqual([...abilities]);
  });

  it('gives a super user of another profile the super abilities and paying, never the admin ones', () => {
    const granted = abilitiesOf({ profile: 'user', super: true });
    expect(granted).toEqual(['invoices.pay', 'announcements.manage', 'companies.manage']);
    for (const ability of adminOnly) expect(granted).not.toContain(ability);
  });

  it('names no ability that no one holds', () => {
    const holders = profiles.flatMap((profile) =>
      [false, true].flatMap((isSuper) => abilitiesOf({ profile, super: isSuper })),
    );
    expect(new Set(holders)).toEqual(new Set(abilities));
  });
});
