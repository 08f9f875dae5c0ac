import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { StartupError } from '../runtime/startup-error';

const roleNames = ['api', 'realtime', 'worker', 'sessions'] as const;
export type RoleName = (typeof roleNames)[number];

/** "burst,perSecond": two positive numbers. */
const sendRate = z
  .string()
  .regex(/^\s*\d+\s*,\s*\d+(\.\d+)?\s*$/, 'expected "burst,perSecond", such as 20,10')
  .transform((v) => {
    const [capacity = 0, perSecond = 0] = v.split(',').map((n) => Number(n.trim()));
    return { capacity, perSecond };
  })
  .refine((r) => r.capacity >= 1 && r.perSecond > 0, 'burst must be at least 1 and the rate above 0');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /** The embedded PostgreSQL's port; by default one chosen free on the first start and kept in DATA_DIR. */
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
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
    /**
     * Sends per WhatsApp connection: a burst, then so many per second ("20,10"). It keeps numbers from being banned
     * for bulk sending; campaigns queue ahead of it and wait in the outbox.
     */
    SEND_RATE: sendRate.default({ capacity: 20, perSecond: 10 }),
    /** The same for simulator connections ("off": not limited); SEND_RATE when unset (decision 0018). */
    SIMULATOR_SEND_RATE: z.union([z.literal('off'), sendRate]).optional(),
    /** This process's name in session leases; unique per process by default. */
    NODE_ID: z.string().min(1).max(200).optional(),
    /** How long a connection's session lease lives without a heartbeat (another node takes over after it). */
    SESSION_LEASE_MS: z.coerce.number().int().min(300).default(15_000),
    /** off: sessions start only when asked (routes); no start at boot and no take-over sweep. */
    SESSIONS_AUTOSTART: z.enum(['on', 'off']).default('on'),
    WEB_DIST_DIR: z.string().optional(),
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    /**
     * Which peers may name the client's address in X-Forwarded-For: `off` (nobody, the default) or a comma list
     * of proxy addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`). Rate limits key on that address.
     */
    TRUST_PROXY: z
      .string()
      .default('off')
      .transform((v, ctx) => {
        if (v.trim() === 'off') return false as const;
        const list = v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        const bad = list.filter((a) => !isAddressOrRange(a));
        if (list.length === 0 || bad.length > 0) {
          ctx.addIssue({
            code: 'custom',
            message: `expected off or a comma list of proxy addresses or CIDR ranges; not: ${bad.join(', ') || v}`,
          });
          return z.NEVER;
        }
        return list;
      }),
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
    /** Pix provider of the checkout: `sandbox` (built-in fake bank, the default outside production) or `efi`. */
    PIX_PROVIDER: z.enum(['sandbox', 'efi']).optional(),
    /** The Pix key charges are paid to. */
    PIX_KEY: z.string().min(1).max(77).optional(),
    /** The receiver's name and city in the sandbox's BR Codes. */
    PIX_MERCHANT_NAME: z.string().min(1).max(25).default('Zapdesk'),
    PIX_MERCHANT_CITY: z.string().min(1).max(15).default('Sao Paulo'),
    /** Efí Bank API credentials: OAuth client and the client certificate (.p12/.pfx, or PEM with cert and key). */
    EFI_CLIENT_ID: z.string().min(1).optional(),
    EFI_CLIENT_SECRET: z.string().min(1).optional(),
    EFI_CERTIFICATE: z.string().min(1).optional(),
    EFI_CERTIFICATE_PASSWORD: z.string().optional(),
    /** on: Efí's homologation API (pix-h); off: production. */
    EFI_SANDBOX: z.enum(['on', 'off']).default('off'),
    /** Overrides the API address (tests point it at a local fake); a PEM file of extra trusted authorities. */
    EFI_BASE_URL: z.string().url().optional(),
    EFI_CA_FILE: z.string().min(1).optional(),
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
    // The sandbox's pay action would let any company admin pay its own invoices with nothing.
    if (env.NODE_ENV === 'production' && env.PIX_PROVIDER === 'sandbox') {
      ctx.addIssue({ code: 'custom', message: 'PIX_PROVIDER=sandbox is refused in production' });
    }
  });

export type Config = ReturnType<typeof loadConfig>;

/** Where outside services point in tests that name none: nothing listens there. */
const CLOSED_PORT = 'http://127.0.0.1:9';

/** An IPv4 or IPv6 address, or such an address with a /prefix. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** Reads and validates the environment. The only place that touches process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new StartupError(
      `Invalid configuration:\n${lines.join('\n')}`,
      'Correct or unset the environment variables named above (README, "Configuration").',
    );
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
    trustProxy: e.TRUST_PROXY,
    roles: new Set<RoleName>(e.ROLES),
    backendUrl: e.BACKEND_URL ?? publicUrl,
    frontendUrl: e.FRONTEND_URL ?? publicUrl,
    // Unset outside production: withJwtSecrets generates them on the first start and keeps them in DATA_DIR.
    jwtSecret: e.JWT_SECRET,
    jwtRefreshSecret: e.JWT_REFRESH_SECRET,
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
    sendRate: e.SEND_RATE,
    // undefined: as sendRate; null: not limited.
    simulatorSendRate: e.SIMULATOR_SEND_RATE === 'off' ? null : e.SIMULATOR_SEND_RATE,
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
    pix: {
      provider: e.PIX_PROVIDER ?? (e.NODE_ENV === 'production' ? 'efi' : 'sandbox'),
      // The sandbox needs some key for its BR Codes; a real provider needs the configured one.
      key:
        e.PIX_KEY ??
        (e.PIX_PROVIDER === 'efi' || e.NODE_ENV === 'production' ? undefined : 'pix@zapdesk.local'),
      merchantName: e.PIX_MERCHANT_NAME,
      merchantCity: e.PIX_MERCHANT_CITY,
      efi: {
        // Tests must never reach Efí: without an address of their own they get a closed local port.
        baseUrl: (
          e.EFI_BASE_URL ??
          (e.NODE_ENV === 'test' ? 'https://127.0.0.1:9' : undefined) ??
          (e.EFI_SANDBOX === 'on' ? 'https://pix-h.api.efipay.com.br' : 'https://pix.api.efipay.com.br')
        ).replace(/\/+$/, ''),
        clientId: e.EFI_CLIENT_ID,
        clientSecret: e.EFI_CLIENT_SECRET,
        certificate: e.EFI_CERTIFICATE ? path.resolve(e.EFI_CERTIFICATE) : undefined,
        certificatePassword: e.EFI_CERTIFICATE_PASSWORD,
        caFile: e.EFI_CA_FILE ? path.resolve(e.EFI_CA_FILE) : undefined,
      },
    },
  };
}
