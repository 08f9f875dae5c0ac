import type pg from 'pg';
import type { FakeOpenAi } from './fake-openai';
import type { LoadResult } from './load';
import type { StartedServer } from './server';

export interface BenchContext {
  /** http://127.0.0.1:PORT of the server under test. */
  baseUrl: string;
  /** Superuser pool on the server's database, for arranging data quickly. */
  db: pg.Pool;
  /** The built server (its secrets, data folder and database). */
  server: StartedServer;
  /** The fake model the server's bots ask. */
  openAi: FakeOpenAi;
  /** Progress lines. */
  log: (line: string) => void;
}

/** One benchmark file: arranges its own company (tenants do not interfere) and measures some loads. */
export interface Benchmark {
  name: string;
  run(ctx: BenchContext): Promise<LoadResult[]>;
}
