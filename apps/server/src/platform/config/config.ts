import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const roleNames = ['api', 'realtime', 'worker', 'sessions'] as const;
export type RoleName = (typeof roleNames)[number];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    EMBEDDED_PG_PORT: z.coerce.number().int().positive().default(5488),
    ROLES: z
      .string()
      .default(roleNames.join(','))
      .transform((v) =>
        v
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(roleNames)).min(1)),
    BACKEND_URL: z.string().url().optional(),
    FRONTEND_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(16).optional(),
    JWT_REFRESH_SECRET: z.string().min(16).optional(),
    TZ: z.string().default('America/Sao_Paulo'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Zapdesk <no-reply@zapdesk.local>'),
    ADMIN_PASSWORD: z.string().min(5).optional(),
    UPLOAD_LIMIT_MB: z.coerce.number().positive().default(50),
    SIMULATOR: z.enum(['on', 'off']).optional(),
    /** Simulator: milliseconds between QR codes, and until an outgoing message is delivered, then read. */
    SIMULATOR_QR_MS: z.coerce.number().int().min(50).default(20_000),
    SIMULATOR_ACK_MS: z
      .string()
      .default('300,800')
      .transform((v) => v.split(',').map((n) => Number(n.trim())))
      .pipe(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
    /** This process's name in session leases; unique per process by default. */
    NODE_ID: z.string().min(1).max(200).optional(),
    /** How long a connection's session lease lives without a heartbeat (another node takes over after it). */
    SESSION_LEASE_MS: z.coerce.number().int().min(300).default(15_000),
    /** off: sessions start only when asked (routes); no start at boot and no take-over sweep. */
    SESSIONS_AUTOSTART: z.enum(['on', 'off']).default('on'),
    WEB_DIST_DIR: z.string().optional(),
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    /** Pins the WhatsApp Web version the beta provider announces ("2.3000.x"); baileys' bundled one otherwise. */
    WA_WEB_VERSION: z
      .string()
      .regex(/^2\.\d{4}\.\d+$/, 'expected a WhatsApp Web version such as 2.3000.1023223821')
      .transform((v) => v.split('.').map(Number) as [number, number, number])
      .optional(),
    /** Where the beta provider's sockets connect (WhatsApp Web by default; tests default to a closed local port). */
    WA_WEB_SOCKET_URL: z.string().url().optional(),
    /**
     * How socket broadcasts reach other nodes: `memory` (one process, the default) or `postgres`
     * (LISTEN/NOTIFY; required when more than one node serves the same database).
     */
    REALTIME_FANOUT: z.enum(['postgres', 'memory']).default('memory'),
    /** The Graph API the cloud provider talks to (a local fake in tests). */
    WHATSAPP_CLOUD_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    /** Secret the API keys stored in the database are encrypted under; generated in DATA_DIR when unset. */
    ENCRYPTION_SECRET: z.string().min(32).optional(),
    /** Where the OpenAI client connects (a gateway, or a local fake in tests); the official API by default. */
    OPENAI_BASE_URL: z.string().url().optional(),
    /** Dialogflow's REST API and Google's token endpoint (local fakes in tests). */
    DIALOGFLOW_BASE_URL: z.string().url().default('https://dialogflow.googleapis.com'),
    GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
    WHATSAPP_CLOUD_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'expected a Graph API version such as v21.0')
      .default('v21.0'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && (!env.JWT_SECRET || !env.JWT_REFRESH_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        message: 'JWT_SECRET and JWT_REFRESH_SECRET are required in production',
      });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

/** Where outside services point in tests that name none: nothing listens there. */
const CLOSED_PORT = 'http://127.0.0.1:9';

/** Reads and validates the environment. The only place that touches process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = `http://localhost:${e.PORT}`;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    roles: new Set<RoleName>(e.ROLES),
    backendUrl: e.BACKEND_URL ?? publicUrl,
    frontendUrl: e.FRONTEND_URL ?? publicUrl,
    // Development defaults keep the demo at two commands; production refuses to start without secrets.
    jwtSecret: e.JWT_SECRET ?? 'zapdesk-development-access-secret',
    jwtRefreshSecret: e.JWT_REFRESH_SECRET ?? 'zapdesk-development-refresh-secret',
    timeZone: e.TZ,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminPassword: e.ADMIN_PASSWORD,
    uploadLimitBytes: Math.round(e.UPLOAD_LIMIT_MB * 1024 * 1024),
    simulatorEnabled: e.SIMULATOR ? e.SIMULATOR === 'on' : e.NODE_ENV !== 'production',
    simulatorQrMs: e.SIMULATOR_QR_MS,
    simulatorAckMs: { delivered: e.SIMULATOR_ACK_MS[0], read: e.SIMULATOR_ACK_MS[1] },
    nodeId: e.NODE_ID ?? `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    sessionLeaseMs: e.SESSION_LEASE_MS,
    sessionsAutostart: e.SESSIONS_AUTOSTART === 'on',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    rateLimitEnabled: e.RATE_LIMIT === 'on',
    waWebVersion: e.WA_WEB_VERSION,
    // Tests must never reach WhatsApp, even on a machine with network access.
    waWebSocketUrl: e.WA_WEB_SOCKET_URL ?? (e.NODE_ENV === 'test' ? 'ws://127.0.0.1:9/ws/chat' : undefined),
    realtimeFanout: e.REALTIME_FANOUT,
    cloudApi: {
      baseUrl: e.WHATSAPP_CLOUD_BASE_URL.replace(/\/+$/, ''),
      version: e.WHATSAPP_CLOUD_API_VERSION,
    },
    storageDir: path.join(dataDir, 'public'),
    encryptionSecret: e.ENCRYPTION_SECRET,
    // Tests must never reach OpenAI or Google either: without an address of their own they get a closed port.
    openAiBaseUrl: e.OPENAI_BASE_URL ?? (e.NODE_ENV === 'test' ? `${CLOSED_PORT}/v1` : undefined),
    dialogflow: {
      baseUrl: (e.NODE_ENV === 'test' && !env.DIALOGFLOW_BASE_URL
        ? CLOSED_PORT
        : e.DIALOGFLOW_BASE_URL
      ).replace(/\/+$/, ''),
      tokenUrl: e.NODE_ENV === 'test' && !env.GOOGLE_TOKEN_URL ? `${CLOSED_PORT}/token` : e.GOOGLE_TOKEN_URL,
    },
  };
}
