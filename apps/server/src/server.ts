import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@zapdesk/contracts';
import { ActorLoader } from './platform/auth/actor';
import { TokenService } from './platform/auth/tokens';
import type { Config } from './platform/config/config';
import { withJwtSecrets } from './platform/config/jwt-secrets';
import type { AppContext } from './platform/context';
import { openDatabase, type DatabaseHandles } from './platform/db/database';
import { installErrorHandler, installNotFound } from './platform/http/error-handler';
import { corsOptions } from './platform/http/cors';
import { installJsonBodyParser } from './platform/http/json-body';
import { withoutTrailingSlash } from './platform/http/trailing-slash';
import { installSecurityHeaders } from './platform/http/security-headers';
import { servePublicMedia } from './platform/http/public-media';
import { createBinder } from './platform/http/route-binder';
import { Jobs } from './platform/jobs/jobs';
import { loggerOptions } from './platform/logging/logger';
import { Mailer } from './platform/mail/mailer';
import { createPostgresFanout } from './platform/realtime/fanout';
import { Realtime } from './platform/realtime/realtime';
import { Scopes } from './platform/tenancy';
import { createMessaging, type Messaging } from './messaging';
import { cloudWebhookPlugin } from './messaging/providers/cloud';
import { registerSimulatorRoutes } from './messaging/providers/simulator';
import { registerModules, type ModuleEnvs } from './modules';
import { createApiTokenResolver } from './modules/external-api';
import { markUserSeen } from './modules/users';

export interface ZapdeskServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: DatabaseHandles;
  messaging: Messaging;
  /** The modules' environments as wired (tests call module functions with them). */
  modules: ModuleEnvs;
  /** Listens on the configured port (0 = any free port) and answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** PostgreSQL schema of the job queue (default pgboss); tests give each server its own. */
  jobsSchema?: string;
}

/** Builds the HTTP API, realtime and modules on an already migrated database. */
export async function createServer(
  environment: Config,
  databaseUrl: string,
  options: ServerOptions = {},
): Promise<ZapdeskServer> {
  const config = withJwtSecrets(environment);
  const db = openDatabase(databaseUrl, {
    onIdleError: (error) => app.log.warn({ err: error }, 'idle database connection dropped'),
  });
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    bodyLimit: 10 * 1024 * 1024,
    // X-Forwarded-For names the client only when it comes from a configured proxy; otherwise anyone could
    // pick their own address and skip every rate limit.
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { strict: false } },
    // `GET /users/` answers as `GET /users` (the spec writes many paths with a trailing slash).
    rewriteUrl: (request) => withoutTrailingSlash(request.url ?? '/'),
  });
  // Contract schemas are for /docs; zod validates every input in the binder.
  app.setValidatorCompiler(() => () => true);
  installJsonBodyParser(app);

  const scopes = new Scopes(db.app);
  const tokens = new TokenService(config.jwtSecret, config.jwtRefreshSecret);
  const actors = new ActorLoader(scopes);
  const fanout =
    config.realtimeFanout === 'postgres'
      ? createPostgresFanout(databaseUrl, (error) => app.log.error({ err: error }, 'socket fan-out error'))
      : undefined;
  const realtime = new Realtime(fanout?.adapter);
  const mail = new Mailer(scopes, app.log, config.mailFrom, config.smtpUrl, !config.isProduction);
  // The queue's tables live in their own schema, created with the owner's connection.
  const jobs = new Jobs({ connectionString: databaseUrl, schema: options.jobsSchema, log: app.log });

  installSecurityHeaders(app, {
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(cors, corsOptions(config.frontendUrl));
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 20 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: 'ERR_TOO_MANY_REQUESTS',
      message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Zapdesk API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  installErrorHandler(app);

  const bind = createBinder(app, {
    tokens,
    actors,
    scopes,
    timeZone: config.timeZone,
    rateLimitEnabled: config.rateLimitEnabled,
    resolveApiToken: createApiTokenResolver(scopes, config.timeZone),
  });
  const ctx: AppContext = { config, scopes, tokens, actors, realtime, mail, jobs, log: app.log, bind };
  const messaging = createMessaging(ctx, { databaseUrl });
  // Modules get messaging only through ports (they never import it): the outbox, the sessions and the media folder.
  const modules = registerModules(ctx, {
    outbox: messaging.outbound.outbox,
    sessions: messaging.sessions,
    storage: messaging.outbound.storage,
  });
  registerSimulatorRoutes(ctx, messaging.sessions);
  await app.register(cloudWebhookPlugin(ctx, messaging.inbound));
  // Every node sends jobs; only worker nodes handle them and fire the schedules.
  await jobs.start({ work: config.roles.has('worker') });

  fs.mkdirSync(config.storageDir, { recursive: true });
  await servePublicMedia(app, config.storageDir);
  installNotFound(app, serveWebApp(app, config));

  if (config.roles.has('realtime')) {
    realtime.attach(app.server, {
      tokens,
      actors,
      timeZone: config.timeZone,
      frontendUrl: config.frontendUrl,
      log: app.log,
      touchUser: (actor) => markUserSeen(ctx, actor),
    });
  } else {
    realtime.publishOnly();
  }

  return {
    app,
    ctx,
    db,
    messaging,
    modules,
    async listen() {
      await app.listen({ port: config.port, host: config.host });
      await messaging.start();
      if (config.roles.has('worker')) await modules.timers.start();
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://localhost:${port}`;
    },
    async close() {
      await jobs.stop();
      await modules.timers.stop();
      await messaging.stop();
      await realtime.close();
      await app.close();
      await fanout?.close();
      await db.close();
    },
  };
}

/** Serves the built React app; answers its index page, for the not-found fallback of client routes. */
function serveWebApp(app: FastifyInstance, config: Config): string | undefined {
  const dist = config.webDistDir ?? path.resolve(import.meta.dirname, '../../web/dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dist }, 'web app not built; serving the API only');
    return undefined;
  }
  void app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: ['index.html'] });
  const html = fs.readFileSync(index, 'utf8');
  // Client routes share paths with API GETs (/users, /tickets…). A browser navigation asks for HTML and
  // gets the app; API calls (fetch sends */* or application/json) reach the routes.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !(request.headers.accept ?? '').includes('text/html')) return;
    const pathname = request.url.split('?')[0] ?? '';
    if (NOT_APP_PATHS.some((prefix) => pathname.startsWith(prefix))) return;
    return reply.type('text/html').header('cache-control', 'no-cache').send(html);
  });
  return html;
}

/** Paths a browser may open directly that are not pages of the web app. */
const NOT_APP_PATHS = ['/public/', '/docs', '/socket.io', '/assets/', '/webhooks/'];
