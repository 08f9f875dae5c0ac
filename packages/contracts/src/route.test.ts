import { describe, expect, it } from 'vitest';
import { buildPath } from './route';
import { routes } from './routes';

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath('/users/:id', { id: 7 })).toBe('/users/7');
    expect(buildPath('/forgetpassword/:email', { email: 'a b@c.com' })).toBe('/forgetpassword/a%20b%40c.com');
  });
});

describe('route table', () => {
  it('has no two routes with the same method and path', () => {
    const keys = Object.values(routes).flatMap((group) =>
      Object.values(group).map((r) => `${r.method} ${r.path}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
});
