import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/platform/config/config';
import { createServer, type ZapdeskServer } from '../src/server';

// Random per test process: the servers a test file starts share them, nothing else knows them.
const TEST_JWT_SECRET = randomBytes(32).toString('base64url');
const TEST_JWT_REFRESH_SECRET = randomBytes(32).toString('base64url');

export interface TestServer extends ZapdeskServer {
  /** Calls the API with a bearer token (or none) and answers status and parsed JSON. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; response: LightMyRequestResponse }>;
}

/**
 * A server on the shared test database (or `database.url`), its uploads in a fresh folder. Close it in
 * afterAll. Sessions do not start at boot (another file's listening server would otherwise claim this
 * file's connections); pass SESSIONS_AUTOSTART: 'on' on a database of your own to test that. An empty value
 * unsets a default (JWT_SECRET: '', JWT_REFRESH_SECRET: '' for an installation that generates its own).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  database: { url?: string } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-data-'));
  const given: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT: 'off',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    SESSIONS_AUTOSTART: 'off',
    // The servers of one test file form one installation: a token of one is good on the others.
    JWT_SECRET: TEST_JWT_SECRET,
    JWT_REFRESH_SECRET: TEST_JWT_REFRESH_SECRET,
    ...env,
  };
  // An empty value unsets a default: JWT_SECRET: '' starts like a fresh install without secrets.
  const config = loadConfig(Object.fromEntries(Object.entries(given).filter(([, value]) => value !== '')));
  // Each server gets its own job queue schema, so no server handles another test file's jobs.
  const jobsSchema = `pgboss_test_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
  const server = await createServer(config, database.url ?? inject('databaseUrl'), { jobsSchema });
  await server.app.ready();
  return Object.assign(server, {
    async call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const response = await server.app.inject({
        method,
        url,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      let body: unknown = response.body;
      try {
        body = response.json();
      } catch {
        // not JSON
      }
      return { status: response.statusCode, body, response };
    },
  });
}

/**
 * A port nothing listens on right now, for a server whose BACKEND_URL must name its own address (files it
 * fetches from itself, like the simulator's pictures).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
