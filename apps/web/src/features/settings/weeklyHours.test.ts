import { describe, expect, it } from 'vitest';
import { maskTime } from '../../lib/timeMask';
import { weeklyRows } from './weeklyHours';

describe('company weekly hours', () => {
  it('always has the seven weekdays, Sunday first, with stored times kept', () => {
    const rows = weeklyRows([
      { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
    ]);
    expect(rows.map((row) => row.weekdayEn)).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);
    expect(rows[1]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '08:00',
      endTime: '18:00',
    });
    expect(rows[0]).toEqual({ weekday: 'Domingo', weekdayEn: 'sunday', startTime: '', endTime: '' });
  });

  it.each([
    ['', ''],
    ['8', '8'],
    ['08', '08'],
    ['080', '08:0'],
    ['0800', '08:00'],
    ['08:00', '08:00'],
    ['08:001', '08:00'],
    ['ab12c3', '12:3'],
  ])('masks %j as %j', (typed, shown) => {
    expect(maskTime(typed)).toBe(shown);
  });
});
