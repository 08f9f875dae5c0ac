/**
 * Waits for an attachment's upload, which starts once its record is saved (spec 2 section 7). A failed
 * upload leaves the record saved without its file; the upload's mutation has told the user.
 */
export async function uploadOrKeepSaved(upload: Promise<unknown>): Promise<void> {
  try {
    await upload;
  } catch {
    // Saved without its file.
  }
}
