import { defineConfig } from 'vitest/config';

// Browser tests: one built server for the run (global-setup.ts), one Chromium per file, files one at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts', '**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // After the unit and integration projects: the 2-core machine is not shared with them.
    sequence: { groupOrder: 1 },
    maxWorkers: 1,
  },
});
