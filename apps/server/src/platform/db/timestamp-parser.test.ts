import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseIsoTimestamp, timestampParser } from './timestamp-parser';

// pg's own timestamptz parser, the reference (database.ts replaces it with timestampParser).
const reference = pg.types.getTypeParser(1184, 'text') as (text: string) => unknown;

describe('timestampParser', () => {
  it('reads what PostgreSQL writes exactly as pg does', () => {
    const written = [
      '2026-11-22 15:23:51.768784+00',
      '2026-11-22 15:23:51+00',
      '2026-11-22 15:23:51.5+00',
      '2026-11-22 15:23:51.05+00',
      '2026-11-22 15:23:51.999999+00',
      '2026-11-22 00:00:00.000001-03',
      '2024-02-29 23:59:59.1234+05:30',
      '1969-12-31 23:59:59.9-00:25:21',
      '2026-01-01 02:00:00+14',
      '9999-12-31 23:59:59.999999+00',
      '0100-01-01 00:00:00+00',
    ];
    const parse = timestampParser(reference);
    for (const text of written) {
      const ours = parse(text) as Date;
      expect(ours.getTime(), text).toBe((reference(text) as Date).getTime());
      expect(parseIsoTimestamp(text), `${text} read on the fast path`).toBeInstanceOf(Date);
    }
  });

  it('hands every other form to the general parser', () => {
    const parse = timestampParser(reference);
    for (const text of [
      'infinity',
      '-infinity',
      '0099-06-01 12:00:00+00',
      '2026-11-22 15:23:51 BC+00',
      '0044-03-15 12:00:00+00 BC',
      '12026-11-22 15:23:51+00',
      '2026-11-22 15:23:51',
      '2026-11-22 15:23:51.+00',
      '2026-11-22 15:23:51+00:3',
    ]) {
      expect(parseIsoTimestamp(text), text).toBeUndefined();
      expect(String(parse(text)), text).toBe(String(reference(text)));
    }
  });
});
