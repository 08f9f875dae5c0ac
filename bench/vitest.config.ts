import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The benchmarks' own tools (the load generator's client); the benchmarks themselves are not tests.
  test: { name: 'bench', root: import.meta.dirname, include: ['lib/**/*.test.ts'], maxWorkers: 2 },
});
