import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Realtime } from '../../platform/realtime/realtime';
import type { TenantScope } from '../../platform/tenancy';
import type { Inbound } from '../inbound';
import {
  ProviderError,
  type ConnectionDescriptor,
  type ProviderEvent,
  type ProviderSession,
  type SessionHooks,
  isWakeable,
  type ProviderRegistry,
} from '../providers';
import { clearAuthState, createAuthState } from './auth-state.repository';
import { applyConnectionState, loadDescriptor } from './connections.repository';
import type { SessionCommand } from './session-commands.repository';

export interface SessionHostDeps {
  scope: TenantScope;
  whatsappId: number;
  providers: ProviderRegistry;
  inbound: Inbound;
  realtime: Realtime;
  log: Logger;
}

/**
 * The live session of one connection this node holds the lease of. Commands run one at a time; each
 * (re)start is a new generation, and events of an older generation's session are refused, so a stopped
 * session can never overwrite the status of its successor.
 */
export class SessionHost {
  #session: ProviderSession | undefined;
  #generation = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #disposed = false;
  readonly #log: Logger;

  constructor(private readonly deps: SessionHostDeps) {
    this.#log = deps.log.child({ companyId: deps.scope.companyId, whatsappId: deps.whatsappId });
  }

  get session(): ProviderSession | undefined {
    return this.#session;
  }

  /** Runs a command after the ones already queued on this host (none once it is disposed). */
  run(command: SessionCommand): Promise<void> {
    const next = this.#queue.then(() => (this.#disposed ? undefined : this.#execute(command)));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #execute(command: SessionCommand): Promise<void> {
    switch (command) {
      case 'start':
        return this.#start();
      case 'refresh':
        await this.#logout('refresh');
        return this.#start();
      case 'logout':
        return this.#logout('logout');
      case 'wake': {
        const session = this.#session;
        if (session && isWakeable(session)) return session.wake();
        if (!session) return this.#start();
        return;
      }
      case 'remove':
        return this.#logout('remove');
    }
  }

  /**
   * Closes the session without logging out (keys kept) for good: shutdown, lost lease, blocked company.
   * Commands still queued or arriving later do nothing.
   */
  dispose(): Promise<void> {
    this.#disposed = true;
    const next = this.#queue.then(() => this.#stopSession());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #start(): Promise<void> {
    await this.#stopSession();
    const generation = this.#generation;
    const connection = await loadDescriptor(this.deps.scope, this.deps.whatsappId);
    if (!connection) return;
    const session = this.deps.providers.create(connection.provider, {
      connection,
      hooks: this.#hooks(generation, connection),
      authState: createAuthState(this.deps.scope, connection.whatsappId),
    });
    if (!session) {
      const reason = `no adapter for provider "${connection.provider}" on this server`;
      this.#log.warn({ provider: connection.provider }, `session not started: ${reason}`);
      await this.#applyState({ type: 'connection.state', status: 'DISCONNECTED', reason });
      return;
    }
    this.#session = session;
    try {
      await session.start();
    } catch (error) {
      this.#log.error({ err: error }, 'session failed to start');
      await this.#stopSession();
      await this.#applyState({ type: 'connection.state', status: 'DISCONNECTED', reason: 'start failed' });
    }
  }

  /** Logs out when a session is live, then forgets the keys and shows DISCONNECTED either way. */
  async #logout(why: 'logout' | 'refresh' | 'remove'): Promise<void> {
    const session = this.#session;
    if (session) {
      try {
        await session.logout();
      } catch (error) {
        this.#log.warn({ err: error, why }, 'provider logout failed; forgetting the keys anyway');
      }
    }
    await this.#stopSession();
    await this.deps.scope.run((tx) => clearAuthState(tx, this.deps.whatsappId));
    if (why !== 'remove')
      await this.#applyState({ type: 'connection.state', status: 'DISCONNECTED', reason: why });
  }

  async #stopSession(): Promise<void> {
    this.#generation += 1;
    const session = this.#session;
    this.#session = undefined;
    if (!session) return;
    try {
      await session.stop();
    } catch (error) {
      this.#log.warn({ err: error }, 'session did not stop cleanly');
    }
  }

  #hooks(generation: number, connection: ConnectionDescriptor): SessionHooks {
    return {
      emit: async (event: ProviderEvent) => {
        if (generation !== this.#generation) {
          if (event.type === 'connection.state') return;
          // Not acknowledged: the provider keeps the event for the session that replaced this one.
          throw new ProviderError('session replaced', true);
        }
        if (event.type === 'connection.state') await this.#applyState(event);
        else await this.deps.inbound.ingest(connection, event);
      },
      log: {
        info: (obj, msg) => this.#log.info(obj, msg),
        warn: (obj, msg) => this.#log.warn(obj, msg),
        error: (obj, msg) => this.#log.error(obj, msg),
      },
    };
  }

  async #applyState(event: Extract<ProviderEvent, { type: 'connection.state' }>): Promise<void> {
    const session = await applyConnectionState(this.deps.scope, this.deps.whatsappId, event);
    if (!session) return;
    if (event.reason) this.#log.info({ status: event.status, reason: event.reason }, 'connection state');
    this.deps.realtime.emitToCompany(this.deps.scope.companyId, 'whatsappSession', {
      action: 'update',
      session,
    });
  }
}
