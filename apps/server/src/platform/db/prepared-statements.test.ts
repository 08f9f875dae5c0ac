import { describe, expect, it } from 'vitest';
import { StatementNames } from './prepared-statements';

describe('StatementNames', () => {
  it('names a statement from its third run on, always with the same name', () => {
    const names = new StatementNames();
    const text = 'select * from tickets where company_id = $1 and id = $2';
    expect(names.nameFor(text, 2)).toBeUndefined();
    expect(names.nameFor(text, 2)).toBeUndefined();
    const name = names.nameFor(text, 2);
    expect(name).toMatch(/^zq\d+$/);
    expect(names.nameFor(text, 2)).toBe(name);
    expect(names.nameFor('select 2 where $1', 1)).toBeUndefined();
  });

  it('never names statements without parameters, with very long texts or with many parameters', () => {
    const names = new StatementNames();
    const long = `select ${'$1, '.repeat(2_000)}1`;
    const rows = Array.from({ length: 10 }, (_, i) => `($${i * 6 + 1}, $${i * 6 + 2}, $${i * 6 + 3})`);
    const bulk = `insert into t values ${rows.join(', ')}`;
    for (let run = 0; run < 5; run++) {
      expect(names.nameFor('begin; select 1', 0)).toBeUndefined();
      expect(names.nameFor(long, 1)).toBeUndefined();
      expect(names.nameFor(bulk, 60)).toBeUndefined();
    }
    expect(names.size).toBe(0);
  });

  it('stops naming new statements at its limit, keeping the names it gave', () => {
    const names = new StatementNames();
    const given = new Map<string, string>();
    for (let i = 0; i < 400; i++) {
      const text = `select ${i} where $1`;
      for (let run = 0; run < 3; run++) {
        const name = names.nameFor(text, 1);
        if (name) given.set(text, name);
      }
    }
    expect(given.size).toBe(300);
    expect(new Set(given.values()).size).toBe(300);
    for (const [text, name] of given) expect(names.nameFor(text, 1)).toBe(name);
  });
});
