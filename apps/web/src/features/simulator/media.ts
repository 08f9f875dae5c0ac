/** The JSON body limit is 10 MB and base64 grows a file by a third. */
export const MAX_MEDIA_BYTES = 7 * 1024 * 1024;

/** A file's content as plain base64 (without the data-URL prefix). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}
