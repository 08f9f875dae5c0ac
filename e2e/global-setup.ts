// One server for the whole e2e run: build what is out of date, start the built server with its own
// embedded PostgreSQL, hand its coordinates to the tests, stop it (SIGINT) at the end.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp, repoRoot, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    jwtSecret: string;
  }
}

export default async function setup(project: TestProject) {
  buildApp();
  const server = await startServer({
    name: 'zapdesk-e2e',
    logFile: path.join(repoRoot, 'test-results', 'e2e-server.log'),
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  project.provide('jwtSecret', server.jwtSecret);
  return async () => {
    await server.stop();
  };
}
