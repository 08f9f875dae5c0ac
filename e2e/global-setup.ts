// One server for the whole e2e run: build what is out of date, start the built server with its own
// embedded PostgreSQL, hand its coordinates to the tests, stop it (SIGINT) at the end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBotFakes } from './support/bot-fakes';
import { buildApp, repoRoot, startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    jwtSecret: string;
    /** The service account the fake Dialogflow accepts (bot-fakes.ts). */
    dialogflowServiceAccount: string;
    /** The fake Typebot server (bot-fakes.ts), an integration's urlN8N. */
    typebotUrl: string;
  }
}

/**
 * A private copy of the built web app for this run: other runs in the same working tree rebuild apps/web/dist
 * when its sources change, which would take this server's hashed assets away in the middle of a test.
 */
function snapshotWebApp(): string {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-e2e-web-'));
  fs.cpSync(path.join(repoRoot, 'apps/web/dist'), copy, { recursive: true });
  return copy;
}

export default async function setup(project: TestProject) {
  buildApp();
  const webDist = snapshotWebApp();
  const bots = await startBotFakes();
  const server = await startServer({
    name: 'zapdesk-e2e',
    logFile: path.join(repoRoot, 'test-results', 'e2e-server.log'),
    env: {
      WEB_DIST_DIR: webDist,
      OPENAI_BASE_URL: bots.openAiBaseUrl,
      DIALOGFLOW_BASE_URL: bots.dialogflowBaseUrl,
      GOOGLE_TOKEN_URL: bots.tokenUrl,
    },
  }).catch(async (error: unknown) => {
    fs.rmSync(webDist, { recursive: true, force: true });
    await bots.stop();
    throw error;
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('databaseUrl', server.databaseUrl);
  project.provide('jwtSecret', server.jwtSecret);
  project.provide('dialogflowServiceAccount', bots.serviceAccountJson);
  project.provide('typebotUrl', bots.typebotUrl);
  return async () => {
    await server.stop();
    await bots.stop();
    fs.rmSync(webDist, { recursive: true, force: true });
  };
}
