import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rows } from './client';

describe('the embedded database', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const bufferCache = async (mb?: number) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pglite-buffers-'));
    dirs.push(dir);
    const database = await openDatabase({ dataDir: dir, ...(mb ? { pgliteSharedBuffersMb: mb } : {}) });
    try {
      const [row] = await rows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
      return row?.shared_buffers;
    } finally {
      await database.close();
    }
  };

  it('keeps the buffer cache PGLITE_SHARED_BUFFERS_MB asks for, PGlite’s own 128 MB otherwise', async () => {
    expect(await bufferCache(24)).toBe('24MB');
    expect(await bufferCache()).toBe('128MB');
  }, 60_000);
});
