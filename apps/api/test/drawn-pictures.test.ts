import { DEMO_CATEGORIES } from '@shop/demo';
import { eq, isNotNull, isNull, or } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/modules/images/images.schema';
import { seedIfEmpty } from '../src/db/seed';
import { createTestShop, type TestShop } from './helpers';

// The demo catalogue's drawings are stored as SVG files at seeding and served
// like any upload; databases seeded before keep an art spec until start-up.

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const picture = async (key: string) => {
  const [row] = await shop.database.db.select().from(images).where(eq(images.key, key));
  return row!;
};

describe('drawn pictures', () => {
  it('are stored at seeding as SVG files, with no art spec', async () => {
    const notFiles = await shop.database.db
      .select({ key: images.key })
      .from(images)
      .where(or(isNull(images.data), isNotNull(images.art)));
    expect(notFiles).toEqual([]);
    const row = await picture(`c/${DEMO_CATEGORIES[0]!.slug}`);
    expect(row.mime).toBe('image/svg+xml');
    expect(Buffer.from(row.data!, 'base64').toString().startsWith('<svg ')).toBe(true);
  });

  it('are rasterised at every width, even wider than the drawing (a photo is never enlarged)', async () => {
    const res = await shop.app.inject(`/images/1920/c/${DEMO_CATEGORIES[0]!.slug}.webp`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1920, height: 1920 });

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c62b32' } })
      .png()
      .toBuffer();
    await shop.database.db
      .insert(images)
      .values({ key: 'u/small-photo', data: png.toString('base64'), mime: 'image/png', width: 300, height: 200 });
    const photo = await shop.app.inject('/images/1920/u/small-photo.webp');
    expect(photo.statusCode).toBe(200);
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('of a database seeded before are stored as SVG at start-up, once, and then served', async () => {
    const category = DEMO_CATEGORIES[1]!;
    const key = `c/${category.slug}`;
    const stored = await picture(key);
    await shop.database.db
      .update(images)
      .set({ data: null, mime: null, art: { fn: 'category', kind: category.kind, hex: category.hex } })
      .where(eq(images.key, key));
    // The images module no longer draws: an art spec alone is not a picture.
    expect((await shop.app.inject(`/images/640/${key}.webp`)).statusCode).toBe(404);

    const logged: unknown[] = [];
    const log = { info: (obj: unknown) => logged.push(obj) };
    await seedIfEmpty(shop.database.db, shop.env, log);
    expect(await picture(key)).toMatchObject({ data: stored.data, mime: 'image/svg+xml', art: null });
    expect(logged).toContainEqual({ pictures: 1 });

    await seedIfEmpty(shop.database.db, shop.env, log);
    expect(logged.filter((o) => JSON.stringify(o) === '{"pictures":1}')).toHaveLength(1);

    const res = await shop.app.inject(`/images/640/${key}.webp`);
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640, height: 640 });
  });
});
