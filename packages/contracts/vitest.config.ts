import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Projects of one run group must agree on maxWorkers (server and web use 2).
  test: { name: 'contracts', root: import.meta.dirname, include: ['src/**/*.test.ts'], maxWorkers: 2 },
});
