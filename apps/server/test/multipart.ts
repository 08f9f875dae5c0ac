/** A multipart/form-data body for `server.call` (`body` and `headers`), built by the platform's own FormData. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; name: string; content: string | Buffer; type?: string },
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) {
    const content = typeof file.content === 'string' ? file.content : new Uint8Array(file.content);
    form.append(file.field ?? 'file', new Blob([content], { type: file.type ?? 'text/plain' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
