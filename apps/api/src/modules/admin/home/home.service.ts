import {
  imageUrl,
  type AdminBanner,
  type AdminHome,
  type Banner,
  type BannerBody,
  type FocusedPick,
  type HomePick,
  type HomePickSection,
} from '@shop/contract';
import { and, asc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { banners, collections, homeItems, productVariants, products } from '../../catalog/catalog.schema';
import { images } from '../../images/images.schema';
import { invalid, notFound } from '../../../lib/errors';
import { announcement, toBanner } from '../../catalog/catalog.service';
import { storeSetting } from '../../settings/settings.service';
import { audit } from '../../audit/audit.service';

type BannerRow = typeof banners.$inferSelect;

const toAdminBanner = (b: BannerRow, now: Date): AdminBanner => ({
  id: b.id,
  large_image: b.largeImage,
  mobile_image: b.mobileImage,
  large_image_url: imageUrl(b.largeImage, 960),
  mobile_image_url: imageUrl(b.mobileImage, 480),
  title: b.title,
  subtitle: b.subtitle,
  cta: b.cta,
  link: b.link,
  position: b.position,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
  is_active: b.isActive,
  live: b.isActive && (!b.startsAt || b.startsAt <= now) && (!b.endsAt || b.endsAt > now),
});

const bannerList = (db: DbOrTx) => db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));

/** Products as a pick shows them: name, slug, the first variant's picture, published or not. */
async function picksOf(db: DbOrTx, ids: number[]): Promise<Map<number, HomePick>> {
  if (ids.length === 0) return new Map();
  const list = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      published: products.isActive,
      image: sql<string | null>`(select ${productVariants.image1} from ${productVariants}
        where ${productVariants.productId} = ${products.id} order by ${productVariants.position}, ${productVariants.id} limit 1)`,
    })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  return new Map(
    list.map((p) => [
      p.id,
      {
        product_id: p.id,
        name: p.name,
        slug: p.slug,
        published: p.published,
        image: imageUrl(p.image ?? 'no-picture', 160),
      },
    ]),
  );
}

/** The home page as the back office edits it: banners (all, in order), the announcement, the picks. */
export async function adminHome(db: DbOrTx, now = new Date()): Promise<AdminHome> {
  const [bannerRows, items, collectionRows, bar] = await Promise.all([
    bannerList(db),
    db.select().from(homeItems).orderBy(asc(homeItems.position), asc(homeItems.id)),
    db.select().from(collections).orderBy(asc(collections.position), asc(collections.id)),
    announcement(db),
  ]);
  const picked = await picksOf(
    db,
    items.flatMap((i) => (i.productId ? [i.productId] : [])),
  );
  const section = (name: HomePickSection) =>
    items.flatMap((i) =>
      i.section === name && i.productId && picked.has(i.productId) ? [picked.get(i.productId)!] : [],
    );
  const collectionById = new Map(collectionRows.map((c) => [c.id, c]));
  const focused: FocusedPick[] = items.flatMap((i) => {
    const c = i.section === 'focused_collection' && i.collectionId ? collectionById.get(i.collectionId) : undefined;
    return c ? [{ collection_id: c.id, name: c.name, slug: c.slug, content: i.content }] : [];
  });
  return {
    banners: bannerRows.map((b) => toAdminBanner(b, now)),
    announcement: bar.text,
    sections: {
      home_slider: section('home_slider'),
      celebrity_closet: section('celebrity_closet'),
      focused_collection: focused,
    },
    collections: collectionRows.map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
  };
}

/**
 * The banners of the home page's preview (`/?preview=1` with a back-office
 * session): every banner that has not ended, switched on or not (a draft),
 * as the storefront would show them once on.
 */
export async function previewBanners(db: DbOrTx, now = new Date()): Promise<Banner[]> {
  const list = await bannerList(db).where(or(isNull(banners.endsAt), gt(banners.endsAt, now)));
  return list.map(toBanner);
}

/** Products to pick, by name or slug (archived ones are not offered). */
export async function searchPicks(db: DbOrTx, q: string): Promise<HomePick[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const found = await db
    .select({ id: products.id })
    .from(products)
    .where(and(isNull(products.archivedAt), or(ilike(products.name, like), ilike(products.slug, like))))
    .orderBy(asc(products.name))
    .limit(20);
  const picks = await picksOf(
    db,
    found.map((f) => f.id),
  );
  return found.flatMap((f) => (picks.has(f.id) ? [picks.get(f.id)!] : []));
}

/** A home-page write: audited, and every process's catalogue and page caches dropped after the commit. */
async function homeWrite<T>(
  work: UnitOfWork,
  entityId: string,
  action: string,
  fn: (w: UnitOfWork) => Promise<{ before: unknown; after: unknown; result: T }>,
): Promise<T> {
  return work.transaction(async (w) => {
    const { before, after, result } = await fn(w);
    await audit(w, { action, entityType: 'setting', entityId, before, after });
    await w.catalogChanged();
    return result;
  });
}

async function checkPictures(db: DbOrTx, body: BannerBody) {
  const keys = [...new Set([body.large_image, body.mobile_image])];
  const found = await db.select({ key: images.key }).from(images).where(inArray(images.key, keys));
  const missing = keys.filter((k) => !found.some((f) => f.key === k));
  if (missing.length) throw invalid(missing.map((k) => `No picture '${k}': upload it first`));
}

const bannerValues = (b: BannerBody) => ({
  largeImage: b.large_image,
  mobileImage: b.mobile_image,
  title: b.title,
  subtitle: b.subtitle,
  cta: b.cta,
  link: b.link,
  startsAt: b.starts_at ? new Date(b.starts_at) : null,
  endsAt: b.ends_at ? new Date(b.ends_at) : null,
  isActive: b.is_active,
});

export function createBanner(work: UnitOfWork, body: BannerBody): Promise<AdminBanner> {
  return homeWrite(work, 'banner', 'banner.create', async (w) => {
    await checkPictures(w.db, body);
    const [last] = await w.db.select({ max: sql<number | null>`max(${banners.position})` }).from(banners);
    const [row] = await w.db
      .insert(banners)
      .values({ ...bannerValues(body), position: Number(last?.max ?? -1) + 1 })
      .returning();
    return { before: null, after: { id: row!.id, ...body }, result: toAdminBanner(row!, new Date()) };
  });
}

async function lockedBanner(db: DbOrTx, id: number): Promise<BannerRow> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw notFound('No such banner');
  return row;
}

export function updateBanner(work: UnitOfWork, id: number, body: BannerBody): Promise<AdminBanner> {
  return homeWrite(work, `banner:${id}`, 'banner.update', async (w) => {
    const before = await lockedBanner(w.db, id);
    await checkPictures(w.db, body);
    const [row] = await w.db.update(banners).set(bannerValues(body)).where(eq(banners.id, id)).returning();
    return { before, after: body, result: toAdminBanner(row!, new Date()) };
  });
}

export function deleteBanner(work: UnitOfWork, id: number): Promise<void> {
  return homeWrite(work, `banner:${id}`, 'banner.delete', async (w) => {
    const before = await lockedBanner(w.db, id);
    await w.db.delete(banners).where(eq(banners.id, id));
    return { before, after: null, result: undefined };
  });
}

/** Moves a banner one place up or down; the order is renumbered 0, 1, 2… */
export function moveBanner(work: UnitOfWork, id: number, direction: 'up' | 'down'): Promise<void> {
  return homeWrite(work, `banner:${id}`, 'banner.move', async (w) => {
    await lockedBanner(w.db, id);
    const order = (await bannerList(w.db).for('update')).map((b) => b.id);
    const from = order.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [position, bannerId] of order.entries()) {
      await w.db.update(banners).set({ position }).where(eq(banners.id, bannerId));
    }
    return {
      before: { position: from },
      after: { position: Math.max(0, Math.min(to, order.length - 1)) },
      result: undefined,
    };
  });
}

/** The announcement bar's text; empty: no bar. */
export function setAnnouncement(work: UnitOfWork, text: string): Promise<void> {
  return homeWrite(work, 'announcement', 'setting.change', async (w) => {
    const before = await announcement(w.db);
    await storeSetting(w.db, 'announcement', text);
    return { before: { value: before.text }, after: { value: text }, result: undefined };
  });
}

/** A section's product picks, replaced by these in this order. */
export function setPicks(work: UnitOfWork, section: HomePickSection, ids: number[]): Promise<void> {
  return homeWrite(work, `home:${section}`, 'home.picks', async (w) => {
    const found = await picksOf(w.db, ids);
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length) throw invalid(unknown.map((id) => `No product ${id} to pick`));
    const before = await w.db
      .delete(homeItems)
      .where(eq(homeItems.section, section))
      .returning({ productId: homeItems.productId, position: homeItems.position });
    if (ids.length) {
      await w.db.insert(homeItems).values(ids.map((productId, position) => ({ section, productId, position })));
    }
    return {
      before: before.sort((a, b) => a.position - b.position).map((b) => b.productId),
      after: ids,
      result: undefined,
    };
  });
}

/** The focused collections (a collection and a line of text each), replaced by these. */
export function setFocused(work: UnitOfWork, items: { collection_id: number; content: string }[]): Promise<void> {
  return homeWrite(work, 'home:focused_collection', 'home.picks', async (w) => {
    const ids = items.map((i) => i.collection_id);
    const found = ids.length
      ? await w.db.select({ id: collections.id }).from(collections).where(inArray(collections.id, ids))
      : [];
    const unknown = ids.filter((id) => !found.some((f) => f.id === id));
    if (unknown.length) throw invalid(unknown.map((id) => `No collection ${id}`));
    const before = await w.db.delete(homeItems).where(eq(homeItems.section, 'focused_collection')).returning();
    if (items.length) {
      await w.db.insert(homeItems).values(
        items.map((i, position) => ({
          section: 'focused_collection' as const,
          collectionId: i.collection_id,
          content: i.content,
          position,
        })),
      );
    }
    return {
      before: before.map((b) => ({ collection_id: b.collectionId, content: b.content })),
      after: items,
      result: undefined,
    };
  });
}
