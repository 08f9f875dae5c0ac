import { contactUploadField, type ContactUploadField } from '@zapdesk/contracts';

/** One spreadsheet row as POST /contacts/upload takes it, under the server's own column names. */
export type ContactSheetRow = Record<ContactUploadField, string>;

/** A cell as the xlsx reader gives it (text, number, boolean, date) or an empty one. */
type Cell = unknown;

/** Why a sheet cannot be imported: no header row with a number column, or no rows under it. */
export class ContactSheetError extends Error {
  constructor(readonly reason: 'noNumberColumn' | 'noRows') {
    super(`contact sheet: ${reason}`);
    this.name = 'ContactSheetError';
  }
}

const cellText = (cell: Cell): string => {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean') {
    return String(cell).trim();
  }
  return '';
};

/**
 * The rows under the first sheet's header row: each header is read like the server reads columns
 * (nome/Número/E-MAIL… in any case or accent); other columns and fully blank rows are dropped. Rows without a
 * number are kept so the server reports them in its error list.
 */
export function contactRowsOfSheet(sheet: readonly (readonly Cell[])[]): ContactSheetRow[] {
  const [header = [], ...body] = sheet;
  const columns = header.map((cell) => contactUploadField(cellText(cell)));
  if (!columns.includes('number')) throw new ContactSheetError('noNumberColumn');
  const rows: ContactSheetRow[] = [];
  for (const cells of body) {
    const row: ContactSheetRow = { name: '', number: '', email: '' };
    columns.forEach((field, index) => {
      if (field && row[field] === '') row[field] = cellText(cells[index]);
    });
    if (row.name || row.number || row.email) rows.push(row);
  }
  if (rows.length === 0) throw new ContactSheetError('noRows');
  return rows;
}

/**
 * Reads the first sheet of an .xlsx file into upload rows. The reader (read-excel-file, about 30 KB) is loaded
 * on first use so it stays out of the login bundle; the benchmark reads its sheets with this same function.
 */
export async function readContactSheet(file: Blob | ArrayBuffer): Promise<ContactSheetRow[]> {
  const { readSheet } = await import('read-excel-file/universal');
  return contactRowsOfSheet(await readSheet(file));
}
