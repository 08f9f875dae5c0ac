import { routes } from '@zapdesk/contracts';

/** What a test form sends: a connection token and a number, with a text or a file. */
export type TestSendInput =
  | { kind: 'text'; token: string; number: string; body: string }
  | { kind: 'media'; token: string; number: string; file: File };

export interface TestSendAnswer {
  status: number;
  body: unknown;
}

/** The field names a test form must fill (spec 2 section 5: token, number, and a body or a file). */
export function missingFields(input: {
  token: string;
  number: string;
  body?: string;
  file?: File | null;
}): string[] {
  const missing: string[] = [];
  if (input.token.trim() === '') missing.push('token');
  if (input.number.trim() === '') missing.push('number');
  if (input.body !== undefined && input.body.trim() === '') missing.push('body');
  if (input.file === null) missing.push('file');
  return missing;
}

/**
 * The request the page's test forms make: the public API with the connection's token, never the staff session
 * (so a wrong token answers 403 ERR_INVALID_API_TOKEN without touching the user's login). Text goes as JSON;
 * media as multipart `number`, `body` (the file's name) and `medias`.
 */
export function testSendRequest(input: TestSendInput): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${input.token.trim()}`,
    Accept: 'application/json',
  };
  let body: BodyInit;
  if (input.kind === 'text') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ number: input.number.trim(), body: input.body });
  } else {
    const form = new FormData();
    form.append('number', input.number.trim());
    form.append('body', input.file.name);
    form.append('medias', input.file);
    body = form;
  }
  return { url: routes.externalApi.send.path, init: { method: 'POST', headers, body } };
}

/** Sends a test message and answers the status and body, whatever they are, for the page to show. */
export async function sendTestMessage(input: TestSendInput): Promise<TestSendAnswer> {
  const { url, init } = testSendRequest(input);
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as text.
  }
  return { status: response.status, body };
}
