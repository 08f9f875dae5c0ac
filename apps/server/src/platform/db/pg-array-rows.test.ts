import pg from 'pg';
import { describe, expect, it } from 'vitest';
import './database';
import { skipObjectRowTemplates } from './pg-array-rows';

type TestResult = {
  addFields(fields: Array<{ name: string; dataTypeID: number; format: string }>): void;
  parseRow(row: Array<string | null>): unknown;
};
const makeResult = (rowMode?: 'array') =>
  new (pg.Result as unknown as new (mode?: string) => TestResult)(rowMode);
// int8 (read as a number by database.ts), text, and a column name given twice.
const fields = [
  { name: 'total', dataTypeID: 20, format: 'text' },
  { name: 'name', dataTypeID: 25, format: 'text' },
  { name: 'name', dataTypeID: 25, format: 'text' },
];

describe('skipObjectRowTemplates', () => {
  it("leaves rows read as arrays parsed with the application's parsers, and rows read as objects as pg made them", () => {
    skipObjectRowTemplates();
    skipObjectRowTemplates(); // once is enough; a second call changes nothing

    const asArray = makeResult('array');
    asArray.addFields(fields);
    expect(asArray.parseRow(['42', 'Ana', null])).toEqual([42, 'Ana', null]);

    const asObject = makeResult();
    asObject.addFields(fields);
    expect(asObject.parseRow(['7', 'Bia', 'Caio'])).toEqual({ total: 7, name: 'Caio' });
  });
});
