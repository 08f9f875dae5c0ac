const MAX_DIGITS = 11;

/** Brazilian phone mask: (99) 9999-9999 or (99) 99999-9999, 11 digits at most. */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  const area = digits.slice(0, 2);
  if (digits.length <= 6) return `(${area}) ${digits.slice(2)}`;
  const split = digits.length === MAX_DIGITS ? 7 : 6;
  return `(${area}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}

/** Mask for an edit: erasing only a mask character (")", " ", "-") also erases the digit before it. */
export function maskPhoneInput(next: string, previous: string): string {
  const nextDigits = next.replace(/\D/g, '');
  const previousDigits = previous.replace(/\D/g, '');
  if (next.length < previous.length && nextDigits === previousDigits) {
    return formatPhone(nextDigits.slice(0, -1));
  }
  return formatPhone(next);
}
