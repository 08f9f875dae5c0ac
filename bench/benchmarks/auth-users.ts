// Login throughput (bcrypt-bound) and the users page with and without a search, on a company of 1,000 users.
import { loginToken } from '../lib/auth';
import type { Benchmark } from '../lib/benchmark';
import { BENCH_PASSWORD, createCompanyWithUsers } from '../lib/data';
import { runLoad, type LoadResult } from '../lib/load';

const json = { 'content-type': 'application/json' };

export const authUsersBenchmark: Benchmark = {
  name: 'auth-users',
  async run({ baseUrl, db, log }) {
    log('creating a company with 1,000 users');
    const company = await createCompanyWithUsers(db, 1000);
    const results: LoadResult[] = [];

    // Every login bumps that user's token version: spread them over the users, admin excluded.
    results.push(
      await runLoad({
        name: 'POST /auth/login',
        baseUrl,
        concurrency: 10,
        requests: 200,
        request: (i) => ({
          path: '/auth/login',
          init: {
            method: 'POST',
            headers: json,
            body: JSON.stringify({
              email: company.userEmails[i % company.userEmails.length],
              password: BENCH_PASSWORD,
            }),
          },
        }),
      }),
    );

    const token = await loginToken(baseUrl, company.admin.email);
    const auth = { authorization: `Bearer ${token}` };
    results.push(
      await runLoad({
        name: 'GET /users?pageNumber=1',
        baseUrl,
        concurrency: 10,
        requests: 2000,
        request: () => ({ path: '/users?pageNumber=1', init: { headers: auth } }),
      }),
    );
    // Accent- and case-insensitive substring search; 1 in 8 users matches.
    results.push(
      await runLoad({
        name: 'GET /users?searchParam=conceicao',
        baseUrl,
        concurrency: 10,
        requests: 2000,
        request: () => ({ path: '/users?searchParam=conceicao&pageNumber=1', init: { headers: auth } }),
      }),
    );
    await checkAnswers(baseUrl, auth);
    return results;
  },
};

/** The measured answers must be the real ones: a full first page, and the search finds its 125 users. */
async function checkAnswers(baseUrl: string, auth: Record<string, string>): Promise<void> {
  const page = (await (await fetch(`${baseUrl}/users?pageNumber=1`, { headers: auth })).json()) as any;
  const search = (await (
    await fetch(`${baseUrl}/users?searchParam=conceicao&pageNumber=1`, { headers: auth })
  ).json()) as any;
  const problems: string[] = [];
  if (page?.count !== 1001 || page?.users?.length !== 20) {
    problems.push(
      `GET /users?pageNumber=1: count ${page?.count}, ${page?.users?.length} users (want 1001, 20)`,
    );
  }
  if (search?.count !== 125) problems.push(`search "conceicao": count ${search?.count} (want 125)`);
  if (problems.length) console.warn(`warning: ${problems.join('; ')}`);
}
