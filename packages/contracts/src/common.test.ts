import { describe, expect, it } from 'vitest';
import { idList, idNumber, looseBoolean, nullableId, optionalId, phoneDigits, wholeNumber } from './common';
import { optionOrdinal } from './resources/queues';

const ok = (schema: { safeParse(v: unknown): { success: boolean; data?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : 'refused';
};

describe('coercion the way real clients send values', () => {
  it('reads booleans as JSON, text, 1/0 and on/off, and nothing else', () => {
    for (const value of [true, 'true', 1, '1', 'on'])
      expect(ok(looseBoolean, value), String(value)).toBe(true);
    for (const value of [false, 'false', 0, '0', 'off'])
      expect(ok(looseBoolean, value), String(value)).toBe(false);
    for (const value of [2, 'yes', '', null, [], {}])
      expect(ok(looseBoolean, value), String(value)).toBe('refused');
  });

  it('reads ids as numbers or their text, refusing what z.coerce would have let through', () => {
    expect(ok(idNumber, 7)).toBe(7);
    expect(ok(idNumber, '7')).toBe(7);
    expect(ok(idNumber, ' 12 ')).toBe(12);
    for (const value of [true, null, '', ' ', [7], 0, -1, 1.5, '1e400', 'abc', 2_147_483_648]) {
      expect(ok(idNumber, value), JSON.stringify(value)).toBe('refused');
    }
  });

  it('reads every spelling of "none" as null for a nullable link', () => {
    for (const value of [false, 'false', '', 0, '0', null, 'null']) {
      expect(ok(nullableId, value), JSON.stringify(value)).toBeNull();
    }
    expect(ok(nullableId, '5')).toBe(5);
    expect(ok(nullableId, true)).toBe('refused');
    expect(ok(nullableId.optional(), undefined)).toBeUndefined();
  });

  it('reads a blank optional id as absent, and lists of ids as numbers', () => {
    expect(ok(optionalId, '')).toBeUndefined();
    expect(ok(optionalId, null)).toBeUndefined();
    expect(ok(optionalId, '3')).toBe(3);
    expect(ok(idList, ['1', 2])).toEqual([1, 2]);
    expect(ok(idList, ['x'])).toBe('refused');
    expect(ok(wholeNumber, '0')).toBe(0);
    expect(ok(wholeNumber, '-1')).toBe('refused');
  });
});

describe('phoneDigits', () => {
  it('keeps the digits of a number typed in any usual format', () => {
    const phone = phoneDigits(8, 20);
    expect(ok(phone, '+55 (11) 92172-6728')).toBe('5511921726728');
    expect(ok(phone, '11.92172.6728')).toBe('11921726728');
    expect(ok(phone, '55 11 92172/6728')).toBe('5511921726728');
    expect(ok(phone, 5511921726728)).toBe('5511921726728');
  });

  it('refuses letters, blanks and wrong lengths with the spec texts', () => {
    const phone = phoneDigits(8, 11);
    const error = (value: unknown) => phone.safeParse(value).error?.issues[0]?.message;
    expect(error('+55 (11) CALL-ME')).toBe('Invalid value');
    expect(error('+() -')).toBe('Invalid value');
    expect(error('')).toBe('Required');
    expect(error(undefined)).toBe('Required');
    expect(error('1234567')).toBe('Too Short!');
    expect(error('+55 (11) 92172-6728')).toBe('Too Long!');
  });
});

describe('optionOrdinal', () => {
  it('is a positive whole number, kept as its text', () => {
    expect(ok(optionOrdinal, 1)).toBe('1');
    expect(ok(optionOrdinal, '12')).toBe('12');
    for (const value of [0, -1, 1.5, 'a', '1a', true, '1000000']) {
      expect(ok(optionOrdinal, value), JSON.stringify(value)).toBe('refused');
    }
  });
});
