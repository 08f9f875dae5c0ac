import type { ContactUploadAnswer } from '@zapdesk/contracts';
import type { ContactSheetRow } from './contactSheet';

/** Rows per POST /contacts/upload: small enough for the progress bar to move on a 1,000-row sheet. */
export const CONTACT_UPLOAD_CHUNK = 250;

/** Posts one chunk of rows and answers the server's `{newContacts, errorBag}`. */
export type PostContactRows = (rows: ContactSheetRow[]) => Promise<ContactUploadAnswer>;

/**
 * Posts the rows in chunks, one after the other (a later chunk's duplicates of an earlier one are then reported
 * as duplicates), calling `onProgress` with the rows sent so far; answers every chunk's answers joined.
 */
export async function uploadContactRows(
  rows: readonly ContactSheetRow[],
  post: PostContactRows,
  onProgress: (sent: number, total: number) => void = () => undefined,
): Promise<ContactUploadAnswer> {
  const joined: ContactUploadAnswer = { newContacts: [], errorBag: [] };
  onProgress(0, rows.length);
  for (let start = 0; start < rows.length; start += CONTACT_UPLOAD_CHUNK) {
    const chunk = rows.slice(start, start + CONTACT_UPLOAD_CHUNK);
    const answer = await post(chunk);
    joined.newContacts.push(...answer.newContacts);
    joined.errorBag.push(...answer.errorBag);
    onProgress(start + chunk.length, rows.length);
  }
  return joined;
}
