import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_CATEGORIES } from '@shop/demo';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/migrate';
import { HSN_DESCRIPTIONS } from '../src/modules/admin/reports/gst-summary';

describe('HSN codes by category (docs/product.md)', () => {
  it('are the same in the demo catalogue and in migration 0008, each a described four-digit heading', async () => {
    const sql = await readFile(path.join(migrationsFolder(), '0008_hsn_codes.sql'), 'utf8');
    const pairs = [...sql.matchAll(/\('([a-z-]+)', '(\d+)'\)/g)].map((m): [string, string] => [m[1]!, m[2]!]);
    const inMigration = Object.fromEntries(pairs);
    expect(inMigration).toEqual(Object.fromEntries(DEMO_CATEGORIES.map((c) => [c.slug, c.hsn])));
    for (const c of DEMO_CATEGORIES) {
      expect(c.hsn, c.slug).toMatch(/^\d{4}$/);
      expect(HSN_DESCRIPTIONS[c.hsn], c.hsn).toBeTruthy();
    }
  });
});
