/** Wall-clock `YYYY-MM-DDTHH:mm` of `at` in a time zone (the datetime-local input's format). */
export function toZonedInput(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** Minutes the zone is ahead of UTC at `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  const wall = toZonedInput(at, timeZone);
  const asUtc = Date.parse(`${wall}:00Z`);
  const minute = Math.floor(at.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - minute) / 60_000);
}

/**
 * The instant a wall-clock `YYYY-MM-DDTHH:mm` names in a time zone, or null when unreadable. The offset is read
 * twice, so a time next to a daylight-saving change lands on the right side.
 */
export function fromZonedInput(value: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const guess = Date.parse(`${value}:00Z`);
  if (Number.isNaN(guess)) return null;
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}
