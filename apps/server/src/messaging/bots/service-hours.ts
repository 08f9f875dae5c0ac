import { localParts } from '../../modules/messages';

/** One weekly entry of a company's or a queue's service hours (`HH:mm`, or empty). */
export interface HoursEntry {
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** Reads stored schedules (JSON) leniently: malformed entries are ignored, as if absent. */
export function readHours(raw: unknown): HoursEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { weekdayEn, startTime, endTime } = entry as Record<string, unknown>;
    if (typeof weekdayEn !== 'string') return [];
    return [
      {
        weekdayEn,
        startTime: typeof startTime === 'string' ? startTime : '',
        endTime: typeof endTime === 'string' ? endTime : '',
      },
    ];
  });
}

/**
 * Server-behaviour 7.3: matched on the local weekday; no entry or empty times → open all day; start = end →
 * closed all day; else open when start ≤ now < end (local `HH:mm`).
 */
export function isWithinHours(entries: HoursEntry[], timeZone: string, at: Date): boolean {
  const weekday = weekdayOf(timeZone, at);
  const entry = entries.find((e) => e.weekdayEn === weekday);
  if (!entry || entry.startTime === '' || entry.endTime === '') return true;
  if (entry.startTime === entry.endTime) return false;
  const t = localParts(timeZone, at);
  const now = `${t.hour}:${t.minute}`;
  return entry.startTime <= now && now < entry.endTime;
}

function weekdayOf(timeZone: string, at: Date): string {
  const t = localParts(timeZone, at);
  const day = new Date(Date.UTC(Number(t.year), Number(t.month) - 1, Number(t.day))).getUTCDay();
  return weekdays[day] ?? '';
}
