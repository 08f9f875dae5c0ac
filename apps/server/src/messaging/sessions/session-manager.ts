import type { AppContext } from '../../platform/context';
import { localDate } from '../../platform/time/local-time';
import type { Inbound } from '../inbound';
import type { NumberCheck, ProviderSession, ProviderRegistry } from '../providers';
import {
  listServableConnections,
  listUnleasedConnections,
  type ConnectionRef,
} from './connections.repository';
import { LeaseManager, sessionResource } from './lease-manager';
import { LiveRouter } from './live-router';
import { ChannelListener } from '../../platform/db/channel-listener';
import {
  enqueueCommand,
  listOrphanCommandTargets,
  takeCommands,
  type SessionCommand,
} from './session-commands.repository';
import { SessionHost } from './session-host';
import { pruneRequests, SESSION_REQUESTS_CHANNEL } from './session-requests.repository';
import type { Sessions, SessionsOptions } from './sessions';

interface Hosted {
  companyId: number;
  host: SessionHost;
}

const SWEEP_BATCH = 200;

/**
 * One node's sessions. Ownership: a node runs a connection's session only while it holds the lease
 * `whatsapp:{id}` (renewed every lease/3; a lease it fails to renew means another node took over, and
 * its session is closed at once). Commands from the routes: the node handling the call runs them itself
 * when it holds or can take the lease; otherwise it leaves a `session_commands` row, which the owner
 * polls for (a plain indexed query every poll interval — no LISTEN connection to babysit, and the rows
 * survive the owner dying, so the node that takes the lease over runs them). With autostart on, a sweep
 * every lease/3 claims connections of active companies without a live lease (boot, crashed or stopped
 * owners) and orphan commands, and closes sessions of deleted connections and blocked companies.
 */
export class SessionManager implements Sessions {
  readonly #hosts = new Map<number, Hosted>();
  readonly #claiming = new Map<number, Promise<Hosted | undefined>>();
  readonly #leases: LeaseManager;
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #inflight = new Set<Promise<unknown>>();
  readonly #leaseMs: number;
  readonly #router: LiveRouter;
  readonly #listener: ChannelListener | undefined;
  #closed = false;
  #autostart = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly inbound: Inbound,
    private readonly providers: ProviderRegistry,
    options: SessionsOptions = {},
  ) {
    this.#leaseMs = ctx.config.sessionLeaseMs;
    this.#leases = new LeaseManager(ctx.scopes, ctx.config.nodeId, this.#leaseMs);
    // An owner polls at least every lease/10 and NOTIFY wakes it at once: one lease time is ample.
    this.#router = new LiveRouter({
      scopes: ctx.scopes,
      leases: this.#leases,
      local: (whatsappId) => this.local(whatsappId),
      timeoutMs: this.#leaseMs,
      log: ctx.log,
    });
    const { databaseUrl } = options;
    this.#listener =
      databaseUrl && ctx.config.roles.has('sessions')
        ? new ChannelListener(
            databaseUrl,
            SESSION_REQUESTS_CHANNEL,
            (payload) => this.#onRequest(payload),
            ctx.log,
          )
        : undefined;
  }

  local(whatsappId: number): ProviderSession | undefined {
    return this.#hosts.get(whatsappId)?.host.session;
  }

  start(companyId: number, whatsappId: number) {
    return this.#dispatch(companyId, whatsappId, 'start');
  }

  refresh(companyId: number, whatsappId: number) {
    return this.#dispatch(companyId, whatsappId, 'refresh');
  }

  logout(companyId: number, whatsappId: number) {
    return this.#dispatch(companyId, whatsappId, 'logout');
  }

  remove(companyId: number, whatsappId: number) {
    return this.#dispatch(companyId, whatsappId, 'remove');
  }

  wake(companyId: number, whatsappId: number) {
    return this.#dispatch(companyId, whatsappId, 'wake');
  }

  checkNumber(companyId: number, whatsappId: number, number: string): Promise<NumberCheck> {
    return this.#router.call(companyId, whatsappId, { op: 'checkNumber', number });
  }

  async deleteForEveryone(
    companyId: number,
    whatsappId: number,
    chatId: string,
    wid: string,
    fromMe: boolean,
  ) {
    await this.#router.call(companyId, whatsappId, { op: 'deleteForEveryone', chatId, wid, fromMe });
  }

  profilePictureUrl(companyId: number, whatsappId: number, chatId: string): Promise<string | null> {
    return this.#router.call(companyId, whatsappId, { op: 'profilePictureUrl', chatId });
  }

  async startAll(): Promise<void> {
    if (!this.ctx.config.sessionsAutostart || this.#closed) return;
    this.#autostart = true;
    this.#startLoops();
    await this.#track(this.#sweep());
  }

  async stop(options: { keepLeases?: boolean } = {}): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await this.#listener?.stop();
    await Promise.allSettled([...this.#inflight, ...this.#claiming.values()]);
    const hosted = [...this.#hosts.entries()];
    this.#hosts.clear();
    await Promise.allSettled(hosted.map(([, { host }]) => host.dispose()));
    if (!options.keepLeases) {
      await this.#leases.release(hosted.map(([id]) => sessionResource(id))).catch((error: unknown) => {
        this.ctx.log.warn({ err: error }, 'session leases not released; they will expire');
      });
    }
  }

  /** Runs the command here when this node holds or can take the lease, else queues it for the owner. */
  async #dispatch(companyId: number, whatsappId: number, command: SessionCommand): Promise<void> {
    if (this.#hosts.has(whatsappId) && !(await this.#leases.acquire(sessionResource(whatsappId)))) {
      // Taken over since the last heartbeat: this node must not act on it any more.
      await this.#drop(whatsappId, { release: false });
    }
    const hosted = await this.#claim(companyId, whatsappId);
    if (!hosted) {
      await enqueueCommand(this.ctx.scopes.tenant(companyId), whatsappId, command);
      return;
    }
    await hosted.host.run(command);
    if (command === 'remove') await this.#drop(whatsappId, { release: true });
  }

  /** This node's host of the connection, taking the lease if it is free; undefined when another node owns it. */
  #claim(companyId: number, whatsappId: number): Promise<Hosted | undefined> {
    if (this.#closed || !this.ctx.config.roles.has('sessions')) return Promise.resolve(undefined);
    const hosted = this.#hosts.get(whatsappId);
    if (hosted) return Promise.resolve(hosted);
    const pending = this.#claiming.get(whatsappId);
    if (pending) return pending;
    const claim = (async () => {
      const resource = sessionResource(whatsappId);
      if (!(await this.#leases.acquire(resource))) return undefined;
      if (this.#closed) {
        await this.#leases.release([resource]);
        return undefined;
      }
      const entry: Hosted = {
        companyId,
        host: new SessionHost({
          scope: this.ctx.scopes.tenant(companyId),
          whatsappId,
          providers: this.providers,
          inbound: this.inbound,
          realtime: this.ctx.realtime,
          log: this.ctx.log,
        }),
      };
      this.#hosts.set(whatsappId, entry);
      this.#startLoops();
      return entry;
    })().finally(() => this.#claiming.delete(whatsappId));
    this.#claiming.set(whatsappId, claim);
    return claim;
  }

  async #drop(whatsappId: number, options: { release: boolean }): Promise<void> {
    const hosted = this.#hosts.get(whatsappId);
    if (!hosted) return;
    this.#hosts.delete(whatsappId);
    await hosted.host.dispose();
    if (options.release) await this.#leases.release([sessionResource(whatsappId)]);
  }

  #refs(): ConnectionRef[] {
    return [...this.#hosts.entries()].map(([whatsappId, { companyId }]) => ({ companyId, whatsappId }));
  }

  #startLoops(): void {
    if (this.#timers.length > 0 || this.#closed) return;
    const every = (ms: number, name: string, fn: () => Promise<void>) => {
      let running = false;
      const timer = setInterval(() => {
        if (running || this.#closed) return;
        running = true;
        this.#track(fn())
          .catch((error: unknown) => this.ctx.log.error({ err: error }, `sessions ${name} failed`))
          .finally(() => {
            running = false;
          });
      }, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    const third = Math.max(100, Math.floor(this.#leaseMs / 3));
    every(third, 'heartbeat', () => this.#heartbeat());
    every(Math.min(1000, Math.max(100, Math.floor(this.#leaseMs / 10))), 'command poll', async () => {
      await this.#runQueued(this.#refs());
      await this.#router.serve(this.#refs());
    });
    void this.#listener?.start();
    every(third, 'sweep', () => (this.#autostart ? this.#sweep() : Promise.resolve()));
  }

  /** NOTIFY: a request waits for one of the connections; served now when we own it. */
  #onRequest(payload: string): void {
    const whatsappId = Number(payload);
    const hosted = this.#hosts.get(whatsappId);
    if (!hosted || this.#closed) return;
    this.#track(this.#router.serve([{ companyId: hosted.companyId, whatsappId }])).catch((error: unknown) =>
      this.ctx.log.error({ err: error, whatsappId }, 'session requests not served'),
    );
  }

  #track<T>(work: Promise<T>): Promise<T> {
    this.#inflight.add(work);
    return work.finally(() => this.#inflight.delete(work));
  }

  /** Renews our leases; a session whose lease another node took is closed here without logging out. */
  async #heartbeat(): Promise<void> {
    const ids = [...this.#hosts.keys()];
    const held = await this.#leases.renew(ids.map(sessionResource));
    for (const id of ids) {
      if (held.has(sessionResource(id))) continue;
      this.ctx.log.warn({ whatsappId: id }, 'session lease lost to another node; closing the session here');
      await this.#drop(id, { release: false });
    }
  }

  async #runQueued(refs: ConnectionRef[]): Promise<void> {
    for (const queued of await takeCommands(this.ctx.scopes, refs)) {
      const hosted = this.#hosts.get(queued.whatsappId);
      if (!hosted) {
        // Lost the lease between the poll and now: hand the command back to the new owner.
        await enqueueCommand(this.ctx.scopes.tenant(queued.companyId), queued.whatsappId, queued.command);
        continue;
      }
      try {
        await hosted.host.run(queued.command);
        if (queued.command === 'remove') await this.#drop(queued.whatsappId, { release: true });
      } catch (error) {
        this.ctx.log.error({ err: error, ...queued }, 'session command failed');
      }
    }
  }

  /** Claims what nobody runs, and closes what should not run any more. */
  async #sweep(): Promise<void> {
    const today = localDate(this.ctx.config.timeZone);
    const refs = this.#refs();
    const servable = await listServableConnections(this.ctx.scopes, refs, today);
    for (const ref of refs) {
      if (!servable.has(ref.whatsappId)) await this.#drop(ref.whatsappId, { release: true });
    }

    // A connection created a moment ago is being started by its creator's route (on any node): claiming it here
    // would move it to whichever node swept first. One lease time later it is fair game (its creator died).
    const unleased = await listUnleasedConnections(
      this.ctx.scopes,
      today,
      SWEEP_BATCH,
      this.ctx.config.sessionLeaseMs,
    );
    for (const ref of unleased) {
      const hosted = await this.#claim(ref.companyId, ref.whatsappId);
      if (!hosted) continue;
      this.ctx.log.info(ref, 'session claimed');
      // 'wake' starts the session only when it is not running: a route may have claimed and started it
      // meanwhile (a new connection), and a second start would tear the first one down.
      await hosted.host.run('wake').catch((error: unknown) => {
        this.ctx.log.error({ err: error, ...ref }, 'claimed session failed to start');
      });
    }

    const orphans = await listOrphanCommandTargets(this.ctx.scopes, SWEEP_BATCH);
    const claimed: ConnectionRef[] = [];
    for (const ref of orphans) {
      if (await this.#claim(ref.companyId, ref.whatsappId)) claimed.push(ref);
    }
    await this.#runQueued(claimed);
    await pruneRequests(this.ctx.scopes);
  }
}
