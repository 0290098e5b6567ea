import { count, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import type { Db, DbOrTx } from './client';
import {
  createArtImages,
  createCategory,
  createCollection,
  createProduct,
  ensureColor,
  ensureSize,
  slugify,
} from './factories';
import {
  DEMO_BANNERS,
  DEMO_CATEGORIES,
  DEMO_COLLECTIONS,
  DEMO_COLORS,
  DEMO_HOME,
  DEMO_PRODUCTS,
  DEMO_SHIPPING_RATES,
  DEMO_SIZES,
  drawPicture,
  type ArtSpec,
} from '@shop/demo';
import { banners, homeItems, products } from '../modules/catalog/catalog.schema';
import { images } from '../modules/images/images.schema';
import { shippingRates } from '../modules/shipping/shipping.schema';

const DAY = 24 * 60 * 60 * 1000;

/** The rate table of docs/product.md#shipping; every shop needs one, demo or not. */
export async function seedShippingRates(db: DbOrTx): Promise<void> {
  await db
    .insert(shippingRates)
    .values(
      DEMO_SHIPPING_RATES.map((r) => ({ zone: r.zone, shippingType: r.shipping_type, amountPaise: r.amount * 100 })),
    )
    .onConflictDoNothing();
}

/** Sizes, colours, categories and collections of the demo catalogue; the bench builds on them too. */
export async function seedDemoTaxonomy(tx: DbOrTx) {
  for (const [i, name] of DEMO_SIZES.entries()) await ensureSize(tx, name, i);
  const hexOf = new Map(DEMO_COLORS.map((c) => [c.name, c.hex]));
  for (const c of DEMO_COLORS) await ensureColor(tx, c.name, c.hex);

  const categoryIds = new Map<string, number>();
  for (const [i, c] of DEMO_CATEGORIES.entries()) {
    const row = await createCategory(tx, {
      name: c.name,
      slug: c.slug,
      parent: c.parent,
      description: c.description,
      position: i,
      art: { fn: 'category', kind: c.kind, hex: c.hex },
    });
    categoryIds.set(c.slug, row.id);
  }
  const collectionIds = new Map<string, number>();
  for (const [i, c] of DEMO_COLLECTIONS.entries()) {
    const row = await createCollection(tx, {
      name: c.name,
      slug: c.slug,
      description: c.description,
      position: i,
      art: { fn: 'collection', kinds: c.kinds, palette: c.palette, seed: i + 1 },
    });
    collectionIds.set(c.slug, row.id);
  }

  return { hexOf, categoryIds, collectionIds };
}

/** The demo catalogue: categories, collections, products with variants and pictures, banners, home picks. */
export async function seedDemoCatalogue(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const { hexOf, categoryIds, collectionIds } = await seedDemoTaxonomy(tx);
    const hsnOf = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c.hsn]));

    const productIds = new Map<string, number>();
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      const variants = p.colors.flatMap((color, ci) =>
        p.sizes.map((size, si) => ({
          size,
          color: { name: color, hex: hexOf.get(color)! },
          mrp: p.mrp,
          sellingPrice: p.selling_price,
          stock: p.stock[ci * p.sizes.length + si] ?? 0,
        })),
      );
      const { product } = await createProduct(tx, {
        name: p.name,
        slug: p.slug,
        categoryId: categoryIds.get(p.category)!,
        collectionIds: p.collections.map((s) => collectionIds.get(s)!),
        description: p.description,
        careDetails: p.care_details,
        highlights: p.highlights,
        popularity: p.popularity,
        hsnCode: hsnOf.get(p.category),
        // Spread over the last months so 'newest' means something; new arrivals are the latest.
        createdAt: new Date(now.getTime() - (p.is_new ? i : 30 + i * 2) * DAY),
        kind: p.kind,
        seed: i * 7 + 3,
        variants,
      });
      productIds.set(p.slug, product.id);
    }

    for (const [i, b] of DEMO_BANNERS.entries()) {
      const [large, mobile] = await createArtImages(
        tx,
        (['large', 'mobile'] as const).map((variant) => ({
          key: `b/${i + 1}-${slugify(b.title)}-${variant}`,
          art: { fn: 'banner', index: i, variant, palette: b.palette },
          alt: b.title,
        })),
      );
      await tx.insert(banners).values({
        largeImage: large!,
        mobileImage: mobile!,
        title: b.title,
        subtitle: b.subtitle,
        cta: b.cta,
        link: b.link,
        position: i,
      });
    }

    const picks = (section: 'home_slider' | 'celebrity_closet', slugs: readonly string[]) =>
      slugs.map((slug, position) => ({ section, productId: productIds.get(slug)!, position }));
    await tx.insert(homeItems).values([
      ...picks('home_slider', DEMO_HOME.slider),
      ...picks('celebrity_closet', DEMO_HOME.celebrityCloset),
      {
        section: 'focused_collection',
        collectionId: collectionIds.get(DEMO_HOME.focused.collection)!,
        content: DEMO_HOME.focused.content,
      },
    ]);
  });
}

/**
 * A database seeded before the drawings were stored keeps only how to draw
 * each picture (`images.art`); this stores the drawing in its place, once, so
 * the images module serves it like any upload.
 */
export async function storeOldDrawings(db: Db): Promise<number> {
  const old = await db.select({ key: images.key, art: images.art }).from(images).where(isNotNull(images.art));
  if (!old.length) return 0;
  await db.transaction(async (tx) => {
    for (const { key, art } of old) {
      const { data, mime } = drawPicture(art as ArtSpec);
      await tx.update(images).set({ data, mime, art: null }).where(eq(images.key, key));
    }
  });
  return old.length;
}

/**
 * Start-up seeding: rates always, old drawings stored, the demo catalogue on
 * an empty shop (the admin: modules/admin/staff/bootstrap.ts).
 */
export async function seedIfEmpty(db: Db, env: Env, log: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  await seedShippingRates(db);
  const drawn = await storeOldDrawings(db);
  if (drawn) log.info({ pictures: drawn }, 'drawn pictures of an older seeding stored');
  const [{ value: productCount } = { value: 0 }] = await db.select({ value: count() }).from(products);
  if (env.DEMO_DATA && productCount === 0) {
    const started = Date.now();
    await seedDemoCatalogue(db);
    log.info({ ms: Date.now() - started, products: DEMO_PRODUCTS.length }, 'demo catalogue loaded');
  }
}
