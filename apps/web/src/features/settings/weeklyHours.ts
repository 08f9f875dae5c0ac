import { weekdays, type ScheduleEntry } from '@zapdesk/contracts';

/** The seven rows of the form, Sunday first: the stored hours of each day, or empty times. */
export function weeklyRows(stored: readonly ScheduleEntry[]): ScheduleEntry[] {
  return weekdays.map(({ weekday, weekdayEn }) => {
    const entry = stored.find((row) => row.weekdayEn === weekdayEn);
    return { weekday, weekdayEn, startTime: entry?.startTime ?? '', endTime: entry?.endTime ?? '' };
  });
}
