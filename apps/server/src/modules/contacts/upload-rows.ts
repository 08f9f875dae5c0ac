/** One spreadsheet row read into contact fields (server-behaviour 11, "Columns"). */
export interface UploadRow {
  name: string;
  /** Digits only; empty when the row has none. */
  number: string;
  email: string;
}

type Field = keyof UploadRow;

/** Column names after folding case, spaces and accents: `Número` → `numero`, `E-mail` → `e-mail`. */
const columns: Record<string, Field> = {
  nome: 'name',
  name: 'name',
  numero: 'number',
  number: 'number',
  email: 'email',
  'e-mail': 'email',
};

export const foldColumn = (key: string): string =>
  key.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '').toLowerCase();

const cellText = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? String(value).trim()
    : '';

/** Reads a row's name, number (non-digits dropped) and email from whichever known columns it has. */
export function readUploadRow(row: Record<string, unknown>): UploadRow {
  const read: UploadRow = { name: '', number: '', email: '' };
  for (const [key, value] of Object.entries(row)) {
    const field = columns[foldColumn(key)];
    if (field && read[field] === '') read[field] = cellText(value);
  }
  read.number = read.number.replace(/\D/g, '');
  return read;
}
