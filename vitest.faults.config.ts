import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the built shop as a child process under a light load
 * of shoppers, through database, crash, mail, provider and shutdown faults
 * (apps/api/faults, docs/reliability.md). One scenario at a time: each
 * measures times that other work on the machine would blur. CI, which checks
 * what they prove rather than their times, runs two at a time
 * (`-- --file-parallelism --max-workers 2`, .ci/run).
 */
export default defineConfig({
  test: {
    include: ['apps/api/faults/**/*.fault.ts'],
    // Killing database connections needs a database server: PGlite runs inside the shop.
    exclude: process.env.DATABASE_URL ? [] : ['apps/api/faults/db-connections.fault.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
