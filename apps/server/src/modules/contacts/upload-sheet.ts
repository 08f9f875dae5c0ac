import { readSheet } from 'read-excel-file/node';
import { ContactUploadRows, validationMessages as m } from '@zapdesk/contracts';
import { AppError } from '../../platform/http/app-error';
import { parseInput } from '../../platform/http/validation';
import type { Upload } from '../../platform/http/media-upload';

/**
 * The rows of a multipart .xlsx `file` sent to POST /contacts/upload (server-behaviour 11): its first sheet, each
 * row keyed by the header row's texts, as the browser would post them. Not an .xlsx file, or unreadable: 400
 * naming `file`.
 */
export async function readSheetRows(upload: Upload): Promise<ContactUploadRows> {
  if (!upload.fileName.toLowerCase().endsWith('.xlsx')) throw AppError.validation({ file: m.invalid });
  let sheet: unknown[][];
  try {
    sheet = await readSheet(upload.data);
  } catch {
    throw AppError.validation({ file: m.invalid });
  }
  const [header = [], ...body] = sheet;
  const keys = header.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
  const rows = body
    .filter((cells) => cells.some((cell) => cell !== null && cell !== ''))
    .map((cells) => Object.fromEntries(keys.flatMap((key, i) => (key ? [[key, cells[i] ?? null]] : []))));
  return parseInput(ContactUploadRows, rows);
}
