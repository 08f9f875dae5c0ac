import type { TenantTx } from '../src/platform/tenancy';
import type { BuiltCompany } from './factories';
import type { TestServer } from './harness';
import {
  ProviderError,
  type ConnectionDescriptor,
  type InboundMessage,
  type MediaRef,
  type NumberCheck,
  type ProviderEvent,
  type ProviderSession,
  type SendCommand,
} from '../src/messaging/providers/port';

let sequence = 0;
const next = () => `${process.pid}${Date.now().toString(36)}${++sequence}`;

/** A phone number nobody else uses in this run. */
export const uniquePhone = () => `55${String(Date.now()).slice(-7)}${String(++sequence).padStart(4, '0')}`;

export interface BuiltConnection {
  id: number;
  companyId: number;
  token: string;
  descriptor: ConnectionDescriptor;
}

/** A connection row of the company (no live session: tests install a fake one when they need it). */
export async function buildConnection(
  server: TestServer,
  company: BuiltCompany,
  options: { status?: 'CONNECTED' | 'DISCONNECTED'; name?: string } = {},
): Promise<BuiltConnection> {
  const name = options.name ?? `Connection ${next()}`;
  const row = await server.ctx.scopes.tenant(company.id).run((tx) =>
    tx
      .insertInto('whatsapps')
      .values({ companyId: company.id, name, status: options.status ?? 'CONNECTED', provider: 'simulator' })
      .returning(['id', 'token'])
      .executeTakeFirstOrThrow(),
  );
  return {
    id: row.id,
    companyId: company.id,
    token: row.token,
    descriptor: { companyId: company.id, whatsappId: row.id, name, provider: 'simulator', config: {} },
  };
}

/** A customer's message as a provider reports it. */
export function inboundMessage(
  overrides: Partial<InboundMessage> & { chatId: string },
): Extract<ProviderEvent, { type: 'message.received' }> {
  return {
    type: 'message.received',
    message: {
      wid: `WID${next()}`,
      isGroup: false,
      senderId: overrides.chatId,
      fromMe: false,
      timestamp: new Date(),
      kind: 'text',
      text: 'Olá',
      ...overrides,
    },
  };
}

/** Waits until `check` answers a value (not undefined/false), polling. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface SentRecord {
  command: SendCommand;
  idempotencyKey: string;
  wid: string;
}

/**
 * A stand-in for a live session at the edge of the outside world: records sends (deduplicated by idempotency
 * key like a real provider) and can fail them on demand.
 */
export class FakeSession implements ProviderSession {
  readonly kind = 'simulator' as const;
  readonly sent: SentRecord[] = [];
  readonly read: Array<{ chatId: string; wids: string[] }> = [];
  readonly deleted: Array<{ chatId: string; wid: string }> = [];
  readonly rejected: string[] = [];
  readonly media = new Map<string, { data: Buffer; mimetype: string; fileName?: string }>();
  /** Failures to throw on the next sends, in order. */
  failures: ProviderError[] = [];
  failDeletes = false;
  registered = new Set<string>();

  async start() {}
  async stop() {}
  async logout() {}
  async send(command: SendCommand, idempotencyKey: string) {
    const failure = this.failures.shift();
    if (failure) throw failure;
    const known = this.sent.find((s) => s.idempotencyKey === idempotencyKey);
    if (known) return { wid: known.wid };
    const wid = `OUT${next()}`;
    this.sent.push({ command, idempotencyKey, wid });
    return { wid };
  }
  async markRead(chatId: string, wids: string[]) {
    this.read.push({ chatId, wids });
  }
  async downloadMedia(media: MediaRef) {
    const file = this.media.get(media.ref);
    if (!file) throw new ProviderError(`media ${media.ref} expired`, false);
    return file;
  }
  async checkNumber(number: string): Promise<NumberCheck> {
    return this.registered.has(number) ? { exists: true, number } : { exists: false };
  }
  async deleteForEveryone(chatId: string, wid: string) {
    if (this.failDeletes) throw new ProviderError('delete refused', false);
    this.deleted.push({ chatId, wid });
  }
  async rejectCall(callId: string) {
    this.rejected.push(callId);
  }
}

const installed = new WeakMap<TestServer, Map<number, ProviderSession>>();

/** Makes the server believe it owns this connection's session, played by a FakeSession. */
export function fakeSession(server: TestServer, whatsappId: number): FakeSession {
  let sessions = installed.get(server);
  if (!sessions) {
    const map = new Map<number, ProviderSession>();
    const original = server.messaging.sessions.local.bind(server.messaging.sessions);
    server.messaging.sessions.local = (id: number) => map.get(id) ?? original(id);
    installed.set(server, map);
    sessions = map;
  }
  const session = new FakeSession();
  sessions.set(whatsappId, session);
  return session;
}

/** Runs queries as the company (reads rows the way the product sees them). */
export function asCompany<T>(
  server: TestServer,
  companyId: number,
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  return server.ctx.scopes.tenant(companyId).run(fn);
}
