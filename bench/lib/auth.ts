import { BENCH_PASSWORD } from './data';

/** Logs a bench user in over HTTP and answers the access token. */
export async function loginToken(baseUrl: string, email: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login of ${email} answered ${answer.status}: ${await answer.text()}`);
  const body = (await answer.json()) as { token: string };
  return body.token;
}
