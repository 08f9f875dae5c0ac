import { describe, expect, it } from 'vitest';
import { isWithinHours, readHours } from './service-hours';

const tz = 'America/Sao_Paulo';
// Monday 2026-11-23 in São Paulo (UTC-3): local = UTC - 3 h.
const mondayAt = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00-03:00`);
const monday = (startTime: string, endTime: string) => [{ weekdayEn: 'monday', startTime, endTime }];

describe('service hours (server-behaviour 7.3)', () => {
  it('is open from the start time up to, not including, the end time in local time', () => {
    const hours = monday('08:00', '18:00');
    expect(isWithinHours(hours, tz, mondayAt('07:59'))).toBe(false);
    expect(isWithinHours(hours, tz, mondayAt('08:00'))).toBe(true);
    expect(isWithinHours(hours, tz, mondayAt('17:59'))).toBe(true);
    expect(isWithinHours(hours, tz, mondayAt('18:00'))).toBe(false);
  });

  it('uses the local weekday, not the UTC one', () => {
    // Monday 22:30 local is already Tuesday in UTC.
    expect(isWithinHours(monday('22:00', '23:00'), tz, mondayAt('22:30'))).toBe(true);
    expect(
      isWithinHours([{ weekdayEn: 'tuesday', startTime: '00:00', endTime: '00:00' }], tz, mondayAt('22:30')),
    ).toBe(true);
  });

  it('closes all day when start equals end, opens all day with no entry or empty times', () => {
    expect(isWithinHours(monday('00:00', '00:00'), tz, mondayAt('12:00'))).toBe(false);
    expect(isWithinHours(monday('', ''), tz, mondayAt('03:00'))).toBe(true);
    expect(isWithinHours([], tz, mondayAt('03:00'))).toBe(true);
    expect(
      isWithinHours([{ weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' }], tz, mondayAt('03:00')),
    ).toBe(true);
  });

  it('reads stored schedules leniently', () => {
    expect(readHours(null)).toEqual([]);
    expect(readHours([{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00' }, 3])).toEqual([
      { weekdayEn: 'monday', startTime: '08:00', endTime: '' },
    ]);
  });
});
