import { describe, expect, it } from 'vitest';
import { can, type ConnectionsRule } from './permissions';

const rules: ConnectionsRule[] = [
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
];

describe('connections page permissions', () => {
  it.each(rules)('grants %s to admins only', (rule) => {
    expect(can({ profile: 'admin' }, rule)).toBe(true);
    expect(can({ profile: 'user' }, rule)).toBe(false);
    expect(can({ profile: 'supervisor' }, rule)).toBe(false);
  });
});
