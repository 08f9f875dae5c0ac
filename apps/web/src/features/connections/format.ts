import { format, isValid, parseISO } from 'date-fns';

/** dd/MM/yy HH:mm, the date format of company lists (spec 1 section 9). */
export function formatLastUpdate(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'dd/MM/yy HH:mm') : '';
}
