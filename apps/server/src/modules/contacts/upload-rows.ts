import { contactUploadField } from '@zapdesk/contracts';

/** One spreadsheet row read into contact fields (server-behaviour 11, "Columns"). */
export interface UploadRow {
  name: string;
  /** Digits only; empty when the row has none. */
  number: string;
  email: string;
}

const cellText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value).trim()
    : '';

/** Reads a row's name, number (non-digits dropped) and email from whichever known columns it has. */
export function readUploadRow(row: Record<string, unknown>): UploadRow {
  const read: UploadRow = { name: '', number: '', email: '' };
  for (const [key, value] of Object.entries(row)) {
    const field = contactUploadField(key);
    if (field && read[field] === '') read[field] = cellText(value);
  }
  read.number = read.number.replace(/\D/g, '');
  return read;
}
