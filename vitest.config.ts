import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'scripts/**/*.test.mjs',
    ],
    globalSetup: ['apps/api/test/global-setup.ts'],
    // Vitest runs one file fewer than the cores at a time: one at a time on two cores, while a file
    // spends much of its time waiting on its database or a child process. Every file has its own
    // database copy (test/helpers.ts), so files may run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
