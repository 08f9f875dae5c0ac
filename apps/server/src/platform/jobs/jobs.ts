import PgBoss from 'pg-boss';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { z } from 'zod';
import type { JobDefinition } from './define-job';

export interface JobsOptions {
  /** Owner connection string: pg-boss keeps its tables in its own schema. */
  connectionString: string;
  log: Logger;
  schema?: string;
  /** Seconds between polls of an idle queue (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

export type SendJobOptions = Pick<
  PgBoss.SendOptions,
  'startAfter' | 'singletonKey' | 'singletonSeconds' | 'priority' | 'retryLimit' | 'expireInSeconds'
>;

interface Schedule {
  cron: string;
  payload: object;
  tz: string;
}

/**
 * A typed wrapper over pg-boss. Modules register job definitions and schedules at start-up; every node
 * can send, and only nodes started with `work` (the worker role) handle jobs and fire schedules.
 */
export class Jobs {
  readonly #definitions = new Map<string, JobDefinition>();
  readonly #schedules = new Map<string, Schedule>();
  readonly #workers = new Map<string, string>();
  readonly #atStart = new Set<string>();
  #boss: PgBoss | undefined;

  constructor(private readonly options: JobsOptions) {}

  register<S extends z.ZodType>(definition: JobDefinition<S>): void {
    if (this.#definitions.has(definition.name)) throw new Error(`Job ${definition.name} is registered twice`);
    if (this.#boss) throw new Error(`Job ${definition.name} registered after the jobs started`);
    this.#definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  /** Sends `name` on a cron (e.g. every minute: `* * * * *`); fired once per slot across all nodes. */
  schedule(name: string, cron: string, payload: object = {}, tz = 'UTC'): void {
    const checked = this.definition(name).payload.safeParse(payload);
    if (!checked.success) throw new Error(`Invalid payload for schedule ${name}: ${checked.error.message}`);
    this.#schedules.set(name, { cron, payload, tz });
  }

  /** Queues `name` (a job without payload) once the worker starts, e.g. a sweep that also runs at boot. */
  sendAtStart(name: string): void {
    this.definition(name);
    this.#atStart.add(name);
  }

  /** Queues a job; the payload is checked against the job's schema first (throws when it does not fit). */
  async send<S extends z.ZodType>(
    job: JobDefinition<S> | string,
    payload: z.input<S>,
    options: SendJobOptions = {},
  ): Promise<string | null> {
    const definition = this.definition(typeof job === 'string' ? job : job.name);
    const checked = definition.payload.safeParse(payload);
    if (!checked.success) {
      throw new Error(`Invalid payload for job ${definition.name}: ${checked.error.message}`);
    }
    const id = await this.boss().send(definition.name, payload as object, options);
    // A local worker picks the job up now instead of at its next poll.
    const workerId = this.#workers.get(definition.name);
    if (workerId) this.boss().notifyWorker(workerId);
    return id;
  }

  /** A job's state (created, retry, active, completed, cancelled, failed), or null when unknown. */
  async state(name: string, id: string): Promise<string | null> {
    const job = await this.boss().getJobById(name, id, { includeArchive: true });
    return job?.state ?? null;
  }

  /** Creates the queues, then (with `work`) starts a worker per job, installs the schedules and sends the boot jobs. */
  async start({ work }: { work: boolean }): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: this.options.schema ?? 'pgboss',
      application_name: 'zapdesk-jobs',
      max: 4,
      supervise: work,
      schedule: work,
    });
    boss.on('error', (err) => this.options.log.error({ err }, 'job queue error'));
    await boss.start();
    this.#boss = boss;
    for (const definition of this.#definitions.values()) {
      const queue = {
        name: definition.name,
        policy: definition.policy ?? 'standard',
        retryLimit: definition.retryLimit ?? 2,
        retryDelay: definition.retryDelaySeconds ?? 10,
        retryBackoff: definition.retryBackoff ?? true,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      };
      await boss.createQueue(definition.name, queue);
      await boss.updateQueue(definition.name, queue);
    }
    if (!work) return;
    for (const definition of this.#definitions.values()) {
      const workerId = await boss.work(
        definition.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 },
        (jobs) => this.handle(definition, jobs),
      );
      this.#workers.set(definition.name, workerId);
    }
    for (const [name, { cron, payload, tz }] of this.#schedules)
      await boss.schedule(name, cron, payload, { tz });
    for (const name of this.#atStart) await this.send(name, {});
  }

  /** Stops polling, waits (up to 10 s) for running jobs, and closes the connections. */
  async stop(): Promise<void> {
    const boss = this.#boss;
    this.#boss = undefined;
    this.#workers.clear();
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  private async handle(definition: JobDefinition, jobs: PgBoss.Job<unknown>[]): Promise<void> {
    for (const job of jobs) {
      const parsed = definition.payload.safeParse(job.data);
      if (!parsed.success) {
        // A payload that does not fit never will: cancel the job rather than retry it.
        this.options.log.error(
          { jobName: definition.name, jobId: job.id, issues: parsed.error.issues },
          'job payload refused',
        );
        await this.boss().cancel(definition.name, job.id);
        continue;
      }
      try {
        await definition.handler(parsed.data, { id: job.id, name: definition.name });
      } catch (err) {
        this.options.log.error({ err, jobName: definition.name, jobId: job.id }, 'job failed');
        throw err;
      }
    }
  }

  private definition(name: string): JobDefinition {
    const definition = this.#definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    return definition;
  }

  private boss(): PgBoss {
    if (!this.#boss) throw new Error('The job queue is not started');
    return this.#boss;
  }
}
