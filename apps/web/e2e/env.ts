/**
 * The e2e harness's environment, read and written only here (eslint.config.js:
 * configuration goes through an env.ts). Global setup publishes where the shop
 * runs; the test workers, started after it, inherit and read it.
 */
export interface E2eShared {
  /** The shop started by global-setup. */
  baseUrl: string;
  /** The loopback mailbox's reader: GET /latest?to=<email>. */
  mailUrl: string;
  /** JSON file with every variant of the demo catalogue (see global-setup). */
  cataloguePath: string;
  /** The shop's whole log (requests included), to prove what never reaches it. */
  serverLogPath: string;
}

export function shared(): E2eShared {
  const { E2E_BASE_URL, E2E_MAIL_URL, E2E_CATALOGUE, E2E_SERVER_LOG } = process.env;
  if (!E2E_BASE_URL || !E2E_MAIL_URL || !E2E_CATALOGUE || !E2E_SERVER_LOG) {
    throw new Error('the e2e shop is not running: start the tests with `npx playwright test`');
  }
  return { baseUrl: E2E_BASE_URL, mailUrl: E2E_MAIL_URL, cataloguePath: E2E_CATALOGUE, serverLogPath: E2E_SERVER_LOG };
}

export function publish(values: E2eShared) {
  process.env.E2E_BASE_URL = values.baseUrl;
  process.env.E2E_MAIL_URL = values.mailUrl;
  process.env.E2E_CATALOGUE = values.cataloguePath;
  process.env.E2E_SERVER_LOG = values.serverLogPath;
}

/** What global setup reads: whether to rebuild, the PostgreSQL server to use, the environment to pass on. */
export function setupEnv() {
  return {
    rebuild: !!process.env.E2E_REBUILD,
    databaseUrl: process.env.DATABASE_URL || undefined,
    inherited: { ...process.env },
  };
}

/** The owner the e2e shop creates at start-up from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: 'owner@example.com', password: 'owner password 1' } as const;
