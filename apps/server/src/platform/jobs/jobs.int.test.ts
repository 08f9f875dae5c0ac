import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { z } from 'zod';
import { defineJob, tenantPayload, type JobRun } from './define-job';
import { Jobs } from './jobs';

const connectionString = inject('databaseUrl');
const log = pino({ level: 'silent' });
let sequence = 0;
const uniqueName = (prefix: string) =>
  `test-${prefix}-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

const started: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  for (const instance of started.splice(0).reverse()) await instance.stop();
});

async function startJobs(work: boolean, ...definitions: Parameters<Jobs['register']>[0][]) {
  const jobs = new Jobs({ connectionString, log, pollingIntervalSeconds: 0.5 });
  definitions.forEach((d) => jobs.register(d));
  await jobs.start({ work });
  started.push(jobs);
  return jobs;
}

/** A second producer that bypasses the wrapper, as an older node or a manual insert would. */
async function rawBoss(): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, supervise: false, schedule: false, max: 2 });
  boss.on('error', () => undefined);
  await boss.start();
  started.push(boss);
  return boss;
}

function echoJob(
  overrides: { handler?: (payload: unknown, run: JobRun) => Promise<void>; retryLimit?: number } = {},
) {
  const handled: Array<{ payload: unknown; run: JobRun }> = [];
  const job = defineJob({
    name: uniqueName('echo'),
    payload: tenantPayload({ text: z.string().trim(), count: z.number().int().default(1) }),
    retryLimit: overrides.retryLimit ?? 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    handler: async (payload, run) => {
      handled.push({ payload, run });
      await overrides.handler?.(payload, run);
    },
  });
  return { job, handled };
}

describe('Jobs', () => {
  it('handles a sent job once, with its validated payload', async () => {
    const { job, handled } = echoJob();
    const jobs = await startJobs(true, job);

    const id = await jobs.send(job, { companyId: 7, text: '  hello  ' });

    await vi.waitFor(() => expect(handled).toHaveLength(1), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(handled).toEqual([
      { payload: { companyId: 7, text: 'hello', count: 1 }, run: { id, name: job.name } },
    ]);
    const boss = await rawBoss();
    await vi.waitFor(async () =>
      expect((await boss.getJobById(job.name, id ?? ''))?.state).toBe('completed'),
    );
  });

  it('refuses a payload that does not fit, both when sent and when handled', async () => {
    const { job, handled } = echoJob({ retryLimit: 3 });
    const jobs = await startJobs(true, job);

    await expect(jobs.send(job, { companyId: -1, text: 'x' })).rejects.toThrow(/Invalid payload/);
    await expect(jobs.send('no-such-job', {})).rejects.toThrow(/Unknown job/);

    const boss = await rawBoss();
    const id = await boss.send(job.name, { companyId: 'seven', text: 'x' });
    await vi.waitFor(
      async () => expect((await boss.getJobById(job.name, id ?? ''))?.state).toBe('cancelled'),
      {
        timeout: 10_000,
      },
    );
    expect(handled).toEqual([]);
  });

  it('retries a failing handler up to its retry limit', async () => {
    let failures = 0;
    const { job, handled } = echoJob({
      retryLimit: 1,
      handler: async () => {
        failures += 1;
        throw new Error('provider down');
      },
    });
    const jobs = await startJobs(true, job);

    const id = await jobs.send(job, { companyId: 1, text: 'x' });

    const boss = await rawBoss();
    await vi.waitFor(async () => expect((await boss.getJobById(job.name, id ?? ''))?.state).toBe('failed'), {
      timeout: 10_000,
    });
    expect(handled).toHaveLength(2);
    expect(failures).toBe(2);
  });

  it('lets a node that only sends hand jobs to a node that works', async () => {
    const { job, handled } = echoJob();
    await startJobs(true, job);
    const sender = await startJobs(false, echoJob().job, {
      ...job,
      handler: async () => expect.fail('not here'),
    });

    await sender.send(job.name, { companyId: 3, text: 'from the api' });

    await vi.waitFor(() => expect(handled).toHaveLength(1), { timeout: 10_000 });
    expect(handled[0]?.payload).toMatchObject({ text: 'from the api' });
  });

  it('installs schedules on working nodes only', async () => {
    const { job } = echoJob();
    const jobs = new Jobs({ connectionString, log });
    jobs.register(job);
    expect(() => jobs.schedule(job.name, '* * * * *', { companyId: 'x' })).toThrow(/Invalid payload/);
    jobs.schedule(job.name, '*/5 * * * *', { companyId: 2, text: 'tick' });
    await jobs.start({ work: true });
    started.push(jobs);

    const boss = await rawBoss();
    const schedules = await boss.getSchedules();
    expect(schedules.find((s) => s.name === job.name)).toMatchObject({
      cron: '*/5 * * * *',
      data: { companyId: 2, text: 'tick' },
    });
  });
});
