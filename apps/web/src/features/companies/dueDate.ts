import { addMonths, format } from 'date-fns';
import { recurrenceMonths, type Recurrence } from '@zapdesk/contracts';
import { daysUntil, parseDate } from '../../lib/dates';

export type DueColour = 'yellow' | 'orange' | 'red';

/** Spec 1 section 9: 5 days to due is yellow, -3 to 4 orange, exactly -4 red, anything else plain. */
export function dueColourOf(daysToDue: number | null): DueColour | null {
  if (daysToDue === null) return null;
  if (daysToDue === 5) return 'yellow';
  if (daysToDue >= -3 && daysToDue <= 4) return 'orange';
  if (daysToDue === -4) return 'red';
  return null;
}

/** The row colour of a company due on `dueDate` (yyyy-MM-dd), seen on `today`. */
export const dueColour = (dueDate: string | null, today: Date = new Date()): DueColour | null =>
  dueColourOf(daysUntil(dueDate, today));

/**
 * The Expire button: the due date moved on by the recurrence period. A month that lacks the day ends on its
 * last day (31 Jan + 1 month = 28 or 29 Feb). Null when there is no due date to move.
 */
export function extendDueDate(dueDate: string | null, recurrence: Recurrence): string | null {
  const date = parseDate(dueDate);
  return date ? format(addMonths(date, recurrenceMonths[recurrence]), 'yyyy-MM-dd') : null;
}
