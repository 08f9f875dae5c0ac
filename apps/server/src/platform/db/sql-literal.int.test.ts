import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sqlLiteral } from './lean-pool';

// Values spliced into SQL text (prepared statements run as `execute name(literals)`) are quoted by pg's own
// escaping: each reads back exactly as it was, whatever standard_conforming_strings says, and none ends the
// literal early.
let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
});
afterAll(() => client.end());

const tricky = [
  "it's",
  "''",
  '\\',
  "\\'",
  "\\'; select 1; --",
  "'); drop table users; --",
  "E'\\x41'",
  '$$ $tag$ $$',
  'ção 💥 \u202e',
  '\\\\\\n',
  '{"a":"b\'c\\\\d"}',
];

describe('sqlLiteral', () => {
  for (const conforming of ['on', 'off']) {
    it(`reads back every value exactly with standard_conforming_strings ${conforming}`, async () => {
      await client.query(`set standard_conforming_strings = ${conforming}`);
      for (const value of tricky) {
        const literal = sqlLiteral(value);
        expect(literal, value).toBeDefined();
        const answer = await client.query<{ v: string; n: number }>(`select ${literal}::text as v, 1 as n`);
        expect(answer.rows, value).toEqual([{ v: value, n: 1 }]);
      }
    });
  }
});
