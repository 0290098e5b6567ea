import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoCatalogue, seedShippingRates } from '../src/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a file holding the migrated, seeded data dir. PostgreSQL: the template database's name. */
    dbTemplate: string;
  }
}

/**
 * Builds one migrated database with the demo catalogue per run; each test file
 * copies it (Epic Stack's template database).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `shop_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
    await migrate(database);
    await seedShippingRates(database.db);
    await seedDemoCatalogue(database.db);
    await database.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const database = await openDatabase({});
  await migrate(database);
  await seedShippingRates(database.db);
  await seedDemoCatalogue(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
