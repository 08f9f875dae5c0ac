/** The ##:## mask of the weekly hours (spec 1 section 5): four digits at most, a colon after the hours. */
export function maskTime(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
