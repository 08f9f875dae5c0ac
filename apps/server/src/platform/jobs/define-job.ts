import { z } from 'zod';

/** What a handler knows about the job it runs. */
export interface JobRun {
  id: string;
  name: string;
}

export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** A kind of background work: a queue name, the payload schema, the handler and its retry rules. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  /** Checked when the job is sent and again before it is handled. Payloads travel as JSON. */
  payload: S;
  handler: (payload: z.output<S>, run: JobRun) => Promise<void>;
  /** Retries after a failed run (default 2); refused payloads are never retried. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A run taking longer fails (default 15 minutes). */
  expireInSeconds?: number;
  /** pg-boss queue policy, e.g. `singleton` so at most one job of the queue runs at a time. */
  policy?: QueuePolicy;
}

/** Declares a job; register it with `ctx.jobs.register(...)` and send it with `ctx.jobs.send(...)`. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * A sweep the scheduler starts periodically (register it, then e.g. `ctx.jobs.schedule(name, '* * * * *')`): no
 * payload, one run at a time, never retried, since the next run sweeps again and a retry would only pile up.
 */
export function periodicSweepJob(name: string, sweep: () => Promise<unknown>): JobDefinition<z.ZodObject> {
  return defineJob({
    name,
    payload: z.object({}),
    retryLimit: 0,
    expireInSeconds: 60,
    policy: 'singleton',
    handler: async () => {
      await sweep();
    },
  });
}

/**
 * The payload of a job that works for one company: it carries `companyId`, and the handler opens
 * `ctx.scopes.tenant(payload.companyId)` itself (jobs have no credential to take it from).
 */
export function tenantPayload<T extends z.ZodRawShape>(shape: T) {
  return z.object({ companyId: z.number().int().positive(), ...shape });
}
