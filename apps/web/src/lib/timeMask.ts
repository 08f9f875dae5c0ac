/**
 * Keeps what is typed in a time field to the `##:##` shape (spec 1 section 5): four digits at most, a colon
 * after the hours. The queue hours and the company's weekly hours both use it.
 */
export function maskTime(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
