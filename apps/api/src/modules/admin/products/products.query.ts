import {
  imageUrl,
  toRupees,
  type AdminProductDetail,
  type AdminProductQuery,
  type AdminProductsPage,
  type ProductOptions,
} from '@shop/contract';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../../db/client';
import { categories, collections, colors, productCollections, products, sizes } from '../../catalog/catalog.schema';
import type { Env } from '../../../env';
import { notFound } from '../../../lib/errors';
import { lowStockThreshold } from '../dashboard/dashboard.service';

/** The picture a new variant shows until the owner adds one (migration 0009). */
export const NO_PICTURE = 'no-picture';

/** The HSN codes of the shop's categories (docs/product.md 'HSN codes'); others take 6111. */
const CATEGORY_HSN: Record<string, string> = {
  'frocks-dresses': '6204',
  'rompers-jhablas': '6209',
  'ethnic-wear': '6204',
  'co-ord-sets': '6203',
  dungarees: '6203',
  nightwear: '6208',
  knitwear: '6110',
  'hair-accessories': '6217',
  bibs: '6209',
  bags: '4202',
  'booties-caps': '6111',
  'swaddles-blankets': '6301',
};

/** A category's HSN code: the code most of its products carry, else the table's, else 6111. */
export async function categoryHsn(db: DbOrTx, categoryId: number): Promise<string | null> {
  const [row] = await rows<{ slug: string; hsn: string | null }>(
    db,
    sql`select c.slug, (select p.hsn_code from products p where p.category_id = c.id
          group by p.hsn_code order by count(*) desc, p.hsn_code limit 1) as hsn
        from categories c where c.id = ${categoryId}`,
  );
  if (!row) return null;
  return row.hsn ?? CATEGORY_HSN[row.slug] ?? '6111';
}

interface ListRow {
  id: number;
  name: string;
  slug: string;
  category: string;
  image: string | null;
  price_min: number | null;
  price_max: number | null;
  stock: number;
  variants: number;
  is_active: boolean;
  archived_at: Date | string | null;
  created_at: Date | string;
  total: number;
}

const ORDER: Record<AdminProductQuery['sort'], SQL> = {
  newest: sql`p.created_at desc, p.id desc`,
  name: sql`lower(p.name), p.id`,
  price: sql`v.price_min nulls last, p.id`,
  stock: sql`coalesce(v.stock, 0), p.id`,
};

/** The back office's product list: search, filters, sort and pages (a shop of a few hundred products). */
export async function listAdminProducts(db: DbOrTx, env: Env, query: AdminProductQuery): Promise<AdminProductsPage> {
  const threshold = await lowStockThreshold(db, env);
  const where: SQL[] = [sql`true`];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(p.name ilike ${like} or p.slug ilike ${like}
      or exists (select 1 from product_variants s where s.product_id = p.id and s.sku ilike ${like})
      or exists (select 1 from unnest(p.tags) t where lower(t) = lower(${query.q})))`);
  }
  if (query.category_id) where.push(sql`p.category_id = ${query.category_id}`);
  if (query.collection_id) {
    where.push(sql`exists (select 1 from product_collections pc where pc.product_id = p.id
      and pc.collection_id = ${query.collection_id})`);
  }
  if (query.status === 'published') where.push(sql`p.is_active`);
  if (query.status === 'unpublished') where.push(sql`not p.is_active and p.archived_at is null`);
  if (query.status === 'archived') where.push(sql`p.archived_at is not null`);
  if (query.status === 'all') where.push(sql`p.archived_at is null`);
  if (query.stock === 'out') where.push(sql`coalesce(v.stock, 0) = 0`);
  if (query.stock === 'low') where.push(sql`v.low_variants > 0`);
  const found = await rows<ListRow>(
    db,
    sql`select p.id, p.name, p.slug, c.name as category, v.image, v.price_min, v.price_max,
          coalesce(v.stock, 0)::int as stock, coalesce(v.variants, 0)::int as variants,
          p.is_active, p.archived_at, p.created_at, count(*) over ()::int as total
        from products p
        join categories c on c.id = p.category_id
        left join lateral (
          select min(x.selling_price_paise) filter (where x.is_active) as price_min,
                 max(x.selling_price_paise) filter (where x.is_active) as price_max,
                 sum(x.stock) filter (where x.is_active) as stock,
                 count(*) as variants,
                 count(*) filter (where x.is_active and x.stock <= ${threshold}) as low_variants,
                 (array_agg(x.image1 order by x.position, x.id))[1] as image
          from product_variants x where x.product_id = p.id
        ) v on true
        where ${sql.join(where, sql` and `)}
        order by ${ORDER[query.sort]}
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = Number(found[0]?.total ?? 0);
  return {
    data: found.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      category: r.category,
      image: r.image ? imageUrl(r.image) : null,
      price_min: r.price_min === null ? null : toRupees(Number(r.price_min)),
      price_max: r.price_max === null ? null : toRupees(Number(r.price_max)),
      stock: Number(r.stock),
      variants: Number(r.variants),
      is_active: r.is_active,
      archived: r.archived_at !== null,
      created_at: new Date(r.created_at).toISOString(),
    })),
    meta: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    low_stock_threshold: threshold,
  };
}

/** Why a product may not be published now (empty: it may). */
export async function publishProblems(db: DbOrTx, productId: number): Promise<string[]> {
  const found = await rows<{ name: string; real: number; active: number }>(
    db,
    sql`select c.name, count(*) filter (where v.image1 <> ${NO_PICTURE})::int as real, count(*)::int as active
        from product_variants v join colors c on c.id = v.color_id
        where v.product_id = ${productId} and v.is_active
        group by c.name order by c.name`,
  );
  if (found.length === 0) return ['Add at least one variant that is on before publishing'];
  return found
    .filter((c) => Number(c.real) === 0)
    .map((c) => `Add a picture of the colour ${c.name} before publishing (Pictures)`);
}

export async function adminProduct(db: DbOrTx, id: number): Promise<AdminProductDetail> {
  const [p] = await db.select().from(products).where(eq(products.id, id));
  if (!p) throw notFound('No product with this id');
  const [links, variants, problems] = await Promise.all([
    db
      .select({ id: productCollections.collectionId })
      .from(productCollections)
      .where(eq(productCollections.productId, id)),
    rows<{
      id: number;
      color_id: number;
      size_id: number;
      slug: string;
      sku: string;
      mrp_paise: number;
      selling_price_paise: number;
      stock: number;
      is_active: boolean;
      image1: string;
      sold: boolean;
    }>(
      db,
      sql`select v.id, v.color_id, v.size_id, v.slug, v.sku, v.mrp_paise, v.selling_price_paise, v.stock,
            v.is_active, v.image1, exists (select 1 from order_lines l where l.product_variant_id = v.id) as sold
          from product_variants v join sizes s on s.id = v.size_id join colors c on c.id = v.color_id
          where v.product_id = ${id} order by c.name, s.position, s.id`,
    ),
    publishProblems(db, id),
  ]);
  const [sold] = await rows<{ sold: boolean }>(
    db,
    sql`select exists (select 1 from order_lines where product_id = ${id}) as sold`,
  );
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    care_details: p.careDetails,
    highlights: p.highlights,
    category_id: p.categoryId,
    collection_ids: links.map((l) => l.id).sort((a, b) => a - b),
    hsn_code: p.hsnCode,
    tags: p.tags,
    country_of_origin: p.countryOfOrigin,
    meta_title: p.metaTitle,
    meta_description: p.metaDescription,
    is_active: p.isActive,
    archived_at: p.archivedAt?.toISOString() ?? null,
    version: p.version,
    has_orders: !!sold?.sold,
    publish_problems: p.archivedAt ? ['Unarchive this product before publishing it', ...problems] : problems,
    variants: variants.map((v) => ({
      id: v.id,
      color_id: v.color_id,
      size_id: v.size_id,
      slug: v.slug,
      sku: v.sku,
      mrp: toRupees(v.mrp_paise),
      selling_price: toRupees(v.selling_price_paise),
      stock: v.stock,
      is_active: v.is_active,
      has_picture: v.image1 !== NO_PICTURE,
      has_orders: v.sold,
    })),
  };
}

export async function productOptions(db: DbOrTx): Promise<ProductOptions> {
  const [cats, cols, colorRows, sizeRows] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: collections.id, name: collections.name })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.id)),
    db.select().from(colors).orderBy(asc(colors.name)),
    db.select({ id: sizes.id, name: sizes.name }).from(sizes).orderBy(asc(sizes.position), asc(sizes.id)),
  ]);
  const hsn = await Promise.all(cats.map((c) => categoryHsn(db, c.id)));
  return {
    categories: cats.map((c, i) => ({ ...c, hsn_code: hsn[i] ?? '6111' })),
    collections: cols,
    colors: colorRows,
    sizes: sizeRows,
  };
}
