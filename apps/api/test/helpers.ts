import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorBody } from '@shop/contract';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type ShopApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { loadEnv, type Env } from '../src/env';
import { ERROR_STATUS } from '../src/lib/errors';
import { withDatabase } from './global-setup';

export interface TestShop {
  app: ShopApp;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/** A fresh copy of the seeded template database, and the real app on top of it. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `shop_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 20 });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(template);
  const database = await openDatabase({ loadDataDir: new Blob([dump]) });
  return { database, drop: () => database.close() };
}

/**
 * Every test shopper comes from 127.0.0.1, so per-IP limits are raised;
 * tests of those limits set their own values.
 */
const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_LOGINS_PER_IP: '10000',
  RATE_LIMIT_OTP_REQUESTS_PER_IP: '10000',
  RATE_LIMIT_OTP_CHECKS_PER_IP: '10000',
  RATE_LIMIT_CONTACTS_PER_IP: '10000',
  RATE_LIMIT_BACK_IN_STOCK_PER_IP: '10000',
  RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
  RATE_LIMIT_ORDERS_PER_IP: '10000',
  RATE_LIMIT_PAYMENTS_PER_IP: '10000',
};

export async function createTestShop(overrides: Record<string, string> = {}): Promise<TestShop> {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-data-'));
  const env = loadEnv({ ...TEST_ENV, DATA_DIR: dataDir, ...overrides });
  const app = await buildApp({ env, db: database.db, logger: false, databaseUrl: database.url });
  await app.ready();
  return {
    app,
    database,
    env,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An error answer: the status, the `{message, errors}` shape, and nothing of the server's insides. */
export function expectError(res: LightMyRequestResponse, status: number): ErrorBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.errors.length).toBeGreaterThan(0);
  // Its machine code agrees with its status (lib/errors.ts ERROR_STATUS).
  expect(ERROR_STATUS[body.code]).toBe(status);
  expect(res.body).not.toMatch(/stack|select |insert |SQL|\.ts:\d/i);
  return body;
}
