import { describe, expect, it } from 'vitest';
import { abilitiesOf, type Profile } from '@zapdesk/contracts';
import { can, type ConnectionsRule } from './permissions';

const rules: ConnectionsRule[] = [
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
];

/** A user as the server answers it: with the abilities of the profile. */
const userOf = (profile: Profile) => ({ abilities: abilitiesOf({ profile, super: false }) });

describe('connections page permissions', () => {
  it.each(rules)('grants %s to admins only', (rule) => {
    expect(can(userOf('admin'), rule)).toBe(true);
    expect(can(userOf('user'), rule)).toBe(false);
    expect(can(userOf('supervisor'), rule)).toBe(false);
  });
});
