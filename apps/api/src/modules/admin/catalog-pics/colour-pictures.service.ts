import { imageUrl, NO_PICTURE_KEY, PICTURES_PER_COLOUR, TOO_MANY_PICTURES, type ProductPictures } from '@shop/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { colors, productVariants, products } from '../../catalog/catalog.schema';
import { images } from '../../images/images.schema';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';

const PUBLISHED_NEEDS_PICTURE =
  'A published product shows at least one picture of each colour: add another first, or unpublish it';
const STALE = 'This product was changed meanwhile: reload it and try again';

async function findProduct(db: DbOrTx, id: number) {
  const [product] = await db
    .select({ id: products.id, name: products.name, slug: products.slug, version: products.version })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw notFound('No such product');
  return product;
}

/** The keys a variant shows, in order, leaving out the 'picture coming soon' stand-in. */
const keysOf = (v: { image1: string; image2: string | null; image3: string | null }) =>
  [v.image1, v.image2, v.image3].filter((k): k is string => k !== null && k !== NO_PICTURE_KEY);

/**
 * A product's pictures per colour: all variants of one colour share image1..3
 * (docs/back-office.md 'Pictures'); the colour's first variant speaks for it.
 * Colours listed are those with at least one variant on sale.
 */
export async function productPictures(db: DbOrTx, productId: number): Promise<ProductPictures> {
  const product = await findProduct(db, productId);
  const variants = await db
    .select({
      colorId: productVariants.colorId,
      name: colors.name,
      hex: colors.hex,
      isActive: productVariants.isActive,
      image1: productVariants.image1,
      image2: productVariants.image2,
      image3: productVariants.image3,
    })
    .from(productVariants)
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const byColour = new Map<number, { name: string; hex: string; keys: string[]; variants: number; active: boolean }>();
  for (const v of variants) {
    const seen = byColour.get(v.colorId);
    if (seen) {
      seen.variants += 1;
      seen.active ||= v.isActive;
    } else byColour.set(v.colorId, { name: v.name, hex: v.hex, keys: keysOf(v), variants: 1, active: v.isActive });
  }
  const allKeys = [...new Set([...byColour.values()].flatMap((c) => c.keys))];
  const alts = new Map(
    allKeys.length
      ? (await db.select({ key: images.key, alt: images.alt }).from(images).where(inArray(images.key, allKeys))).map(
          (i) => [i.key, i.alt] as const,
        )
      : [],
  );
  return {
    product,
    colours: [...byColour.entries()]
      .filter(([, c]) => c.active)
      .map(([colorId, c]) => ({
        color_id: colorId,
        name: c.name,
        hex: c.hex,
        variants: c.variants,
        pictures: c.keys.map((key) => ({ key, url: imageUrl(key), alt: alts.get(key) ?? '' })),
      })),
  };
}

/**
 * Sets one colour's pictures: image1..3 of every variant of that colour, the
 * alt text on each picture, the product's version up by one, an audit row;
 * all in one transaction, or nothing.
 */
export async function setColourPictures(
  work: UnitOfWork,
  productId: number,
  colorId: number,
  body: { version: number; pictures: { key: string; alt: string }[] },
): Promise<ProductPictures> {
  const { pictures } = body;
  if (pictures.length > PICTURES_PER_COLOUR) throw invalid([TOO_MANY_PICTURES], TOO_MANY_PICTURES);
  const keys = pictures.map((p) => p.key);
  const errors: string[] = [];
  if (new Set(keys).size !== keys.length) errors.push('The same picture is listed twice');
  if (keys.includes(NO_PICTURE_KEY)) errors.push(`'${NO_PICTURE_KEY}' is not a picture: send an empty list instead`);
  if (errors.length) throw invalid(errors);

  return work.transaction(async (w) => {
    // Lock the product row: concurrent edits of the same product queue here and see the new version.
    const [locked] = await w.db
      .select({ version: products.version, isActive: products.isActive })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!locked) throw notFound('No such product');
    if (locked.version !== body.version) throw new AppError('conflict', STALE);
    const colourVariants = await w.db
      .select({
        id: productVariants.id,
        isActive: productVariants.isActive,
        image1: productVariants.image1,
        image2: productVariants.image2,
        image3: productVariants.image3,
      })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.colorId, colorId)))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    if (colourVariants.length === 0) throw notFound('This product has no variant of that colour');
    // A published product shows a real picture for each colour on sale (the rule publishing checks).
    if (keys.length === 0 && locked.isActive && colourVariants.some((v) => v.isActive))
      throw invalid([PUBLISHED_NEEDS_PICTURE], PUBLISHED_NEEDS_PICTURE);
    const found = keys.length
      ? await w.db.select({ key: images.key, alt: images.alt }).from(images).where(inArray(images.key, keys))
      : [];
    const missing = keys.filter((k) => !found.some((f) => f.key === k));
    if (missing.length) throw invalid(missing.map((k) => `No uploaded picture has the key '${k}'`));

    const before = keysOf(colourVariants[0]!);
    await w.db
      .update(productVariants)
      .set({ image1: keys[0] ?? NO_PICTURE_KEY, image2: keys[1] ?? null, image3: keys[2] ?? null })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.colorId, colorId)));
    for (const p of pictures) {
      if (found.find((f) => f.key === p.key)?.alt !== p.alt)
        await w.db.update(images).set({ alt: p.alt }).where(eq(images.key, p.key));
    }
    await w.db
      .update(products)
      .set({ version: sql`${products.version} + 1` })
      .where(eq(products.id, productId));
    await audit(w, {
      action: 'product.pictures',
      entityType: 'product',
      entityId: productId,
      before: { color_id: colorId, pictures: before },
      after: { color_id: colorId, pictures },
    });
    await w.catalogChanged('all');
    return productPictures(w.db, productId);
  });
}
