import type { ConnectionDescriptor, ProviderKind, ProviderSession, SessionHooks } from './port';

/**
 * A connection's persisted auth state (creds row + one row per key), so any sessions node can take a
 * connection over. Shaped after baileys' auth state; other adapters may keep what they like in creds.
 * Values are stored as jsonb: adapters turn binary data into JSON themselves (baileys: BufferJSON).
 */
export interface AuthState {
  readCreds(): Promise<unknown>;
  writeCreds(creds: unknown): Promise<void>;
  /** Values of the given keys of one type; missing keys are absent from the answer. */
  readKeys(type: string, ids: string[]): Promise<Record<string, unknown>>;
  /** Sets (value) or deletes (null) keys, all in one transaction. */
  writeKeys(data: Record<string, Record<string, unknown>>): Promise<void>;
  /** Forgets creds and every key (logout, refresh). */
  clear(): Promise<void>;
}

/** What a provider factory gets to build the session of one connection. */
export interface ProviderContext {
  connection: ConnectionDescriptor;
  hooks: SessionHooks;
  authState: AuthState;
}

export type ProviderFactory = (context: ProviderContext) => ProviderSession;

/**
 * A session whose state other processes change in the database (the simulator's network): the owner
 * re-reads it when woken, so HTTP calls handled by any node reach the live session.
 */
export interface WakeableSession extends ProviderSession {
  wake(): Promise<void>;
}

export const isWakeable = (session: ProviderSession): session is WakeableSession =>
  typeof (session as Partial<WakeableSession>).wake === 'function';

/** Provider adapters by kind. Sessions create every adapter through it; kinds without one stay DISCONNECTED. */
export class ProviderRegistry {
  readonly #factories = new Map<ProviderKind, ProviderFactory>();

  register(kind: ProviderKind, factory: ProviderFactory): void {
    this.#factories.set(kind, factory);
  }

  has(kind: ProviderKind): boolean {
    return this.#factories.has(kind);
  }

  /** The adapter's session, or undefined when no adapter is registered for the kind. */
  create(kind: ProviderKind, context: ProviderContext): ProviderSession | undefined {
    return this.#factories.get(kind)?.(context);
  }
}
