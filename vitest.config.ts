import { defineConfig } from 'vitest/config';

// One runner for everything: `npm test` runs every project below.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
