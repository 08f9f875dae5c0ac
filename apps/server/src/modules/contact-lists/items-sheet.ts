import { read as readWorkbook, utils as sheetUtils } from '@e965/xlsx';
import { readSheet } from 'read-excel-file/node';
import { validationMessages as m } from '@zapdesk/contracts';
import { AppError } from '../../platform/http/app-error';
import type { Upload } from '../../platform/http/media-upload';
import { readUploadRow, type UploadRow } from '../contacts';

/** A sheet row read into item fields. */
export type SheetItem = UploadRow;

/** Rows a list import takes at most; a bigger sheet is refused, not half imported. */
export const MAX_SHEET_ROWS = 50_000;

/**
 * The first sheet of an .xlsx (read-excel-file, as the contacts import) or a legacy .xls (SheetJS) as rows of
 * cells. Anything else, or an unreadable file: 400 naming `file`.
 */
async function readCells(upload: Upload): Promise<unknown[][]> {
  const name = upload.fileName.toLowerCase();
  try {
    if (name.endsWith('.xlsx')) return await readSheet(upload.data);
    if (name.endsWith('.xls')) {
      const book = readWorkbook(upload.data, { type: 'buffer', cellDates: false, cellFormula: false });
      const first = book.SheetNames[0];
      const sheet = first === undefined ? undefined : book.Sheets[first];
      if (!sheet) return [];
      return sheetUtils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null });
    }
  } catch {
    throw AppError.validation({ file: m.invalid });
  }
  throw AppError.validation({ file: m.invalid });
}

/**
 * POST /contact-lists/:id/upload (server-behaviour 11): the first sheet's rows keyed by the header row, read with
 * the contacts import's column variants (nome/número/e-mail… in any case, spacing or accents). Blank rows are
 * skipped; rows without a number are kept here so the import can report them.
 */
export async function readListSheet(upload: Upload): Promise<SheetItem[]> {
  const [header = [], ...body] = await readCells(upload);
  if (body.length > MAX_SHEET_ROWS) throw AppError.validation({ file: m.tooLong });
  const keys = header.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
  const items: SheetItem[] = [];
  for (const cells of body) {
    if (!cells.some((cell) => cell !== null && cell !== undefined && cell !== '')) continue;
    const record = Object.fromEntries(keys.flatMap((key, k) => (key ? [[key, cells[k] ?? null]] : [])));
    items.push(readUploadRow(record));
  }
  return items;
}
