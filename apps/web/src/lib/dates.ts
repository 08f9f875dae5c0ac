import { differenceInCalendarDays, format, isValid, parseISO } from 'date-fns';

/** A date-only or ISO string as a local date; null when missing or unreadable. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** DD/MM/yyyy, the product's date format (spec 1 section 9). */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? format(date, 'dd/MM/yyyy') : '';
}

export function formatDateTime(value: string | number | Date): string {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? format(date, 'dd/MM/yyyy HH:mm') : '';
}

/** Whole calendar days from today to the date (negative when it is past). */
export function daysUntil(value: string | null | undefined, today: Date = new Date()): number | null {
  const date = parseDate(value);
  return date ? differenceInCalendarDays(date, today) : null;
}
