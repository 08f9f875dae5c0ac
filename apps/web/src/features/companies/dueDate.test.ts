import { describe, expect, it } from 'vitest';
import { dueColour, dueColourOf, extendDueDate } from './dueDate';

describe('company row colour by days to due', () => {
  it.each([
    [6, null],
    [5, 'yellow'],
    [4, 'orange'],
    [0, 'orange'],
    [-3, 'orange'],
    [-4, 'red'],
    [-5, null],
    [30, null],
    [null, null],
  ] as const)('%s days -> %s', (days, colour) => {
    expect(dueColourOf(days)).toBe(colour);
  });

  it('counts calendar days from today, whatever the hour', () => {
    const lateEvening = new Date(2026, 2, 10, 23, 59);
    expect(dueColour('2026-03-15', lateEvening)).toBe('yellow');
    expect(dueColour('2026-03-14', lateEvening)).toBe('orange');
    expect(dueColour('2026-03-06', lateEvening)).toBe('red');
    expect(dueColour('2026-03-05', lateEvening)).toBeNull();
    expect(dueColour(null, lateEvening)).toBeNull();
  });
});

describe('Expire: the due date moved on by the recurrence', () => {
  it.each([
    ['2026-03-14', 'MENSAL', '2026-04-14'],
    ['2026-03-14', 'BIMESTRAL', '2026-05-14'],
    ['2026-03-14', 'TRIMESTRAL', '2026-06-14'],
    ['2026-03-14', 'SEMESTRAL', '2026-09-14'],
    ['2026-03-14', 'ANUAL', '2027-03-14'],
    ['2026-11-20', 'TRIMESTRAL', '2027-02-20'],
  ] as const)('%s + %s = %s', (from, recurrence, to) => {
    expect(extendDueDate(from, recurrence)).toBe(to);
  });

  it('ends on the last day of a shorter month', () => {
    expect(extendDueDate('2026-01-31', 'MENSAL')).toBe('2026-02-28');
    expect(extendDueDate('2028-01-31', 'MENSAL')).toBe('2028-02-29');
    expect(extendDueDate('2026-03-31', 'MENSAL')).toBe('2026-04-30');
    expect(extendDueDate('2026-08-31', 'SEMESTRAL')).toBe('2027-02-28');
    expect(extendDueDate('2028-02-29', 'ANUAL')).toBe('2029-02-28');
  });

  it('keeps the last day of a month only when the next month has it too', () => {
    expect(extendDueDate('2026-04-30', 'MENSAL')).toBe('2026-05-30');
  });

  it('has nothing to move without a due date', () => {
    expect(extendDueDate(null, 'MENSAL')).toBeNull();
    expect(extendDueDate('', 'ANUAL')).toBeNull();
  });
});
