import { imageUrl, toRupees, type ListingItem, type ListingParams, type PageMeta } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';

/** Where the listing is shown decides its default order. */
export type ListingOrder = ListingParams['sort'] | 'relevance' | 'collection' | 'given';

export interface ListingScope {
  categoryId?: number;
  collectionId?: number;
  /** Only these products, in this order when `order` is 'given'. */
  productIds?: number[];
  /** Search terms: every term must match the product, its category, a collection or the colour. */
  terms?: string[];
  order: ListingOrder;
}

interface Row {
  product_id: number;
  name: string;
  product_slug: string;
  variant_id: number;
  slug: string;
  image1: string;
  image2: string | null;
  selling_price_paise: number;
  mrp_paise: number;
  size: string;
  color: string;
  in_stock: boolean;
  total: string | number;
}

/** Similarity (0..1) a term needs to count as a match; 'frok' vs 'frock' is 0.375. */
export const MATCH_THRESHOLD = 0.3;

/**
 * Per variant: does every term match, and how well. Scores come from pg_trgm's
 * strict word similarity, so a misspelt word still finds its neighbour.
 */
function searchScores(terms: string[]): SQL {
  const list = sql`array[${sql.join(
    terms.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  return sql`
    terms as (select unnest(${list}) as term),
    product_docs as (
      select p.id, lower(p.name) as name,
        lower(p.name || ' ' || cat.name || ' ' || coalesce(string_agg(col.name, ' '), '')) as doc
      from products p
      join categories cat on cat.id = p.category_id
      left join product_collections pc on pc.product_id = p.id
      left join collections col on col.id = pc.collection_id
      where p.is_active
      group by p.id, cat.name
    ),
    product_terms as (
      select d.id as product_id, t.term,
        strict_word_similarity(t.term, d.name) as name_sim,
        strict_word_similarity(t.term, d.doc) as doc_sim
      from product_docs d cross join terms t
    ),
    color_terms as (
      select c.id as color_id, t.term, strict_word_similarity(t.term, lower(c.name)) as sim
      from colors c cross join terms t
    ),
    scores as (
      select v.id as variant_id,
        sum(pt.name_sim) as name_score,
        sum(greatest(pt.doc_sim, ct.sim)) as score
      from product_variants v
      join product_terms pt on pt.product_id = v.product_id
      join color_terms ct on ct.color_id = v.color_id and ct.term = pt.term
      group by v.id
      having bool_and(greatest(pt.doc_sim, ct.sim) >= ${MATCH_THRESHOLD})
    ),`;
}

function orderClause(order: ListingOrder): SQL {
  switch (order) {
    case 'price_asc':
      return sql`selling_price_paise asc, product_id asc`;
    case 'price_desc':
      return sql`selling_price_paise desc, product_id asc`;
    case 'popular':
      return sql`popularity desc, product_id asc`;
    case 'relevance':
      return sql`name_score desc, score desc, popularity desc, product_id asc`;
    case 'collection':
      return sql`collection_position asc, product_id asc`;
    case 'given':
      return sql`given_position asc`;
    case 'newest':
    case undefined:
      return sql`created_at desc, product_id desc`;
  }
}

/**
 * One page of products, each shown by its best variant that passes the
 * filters (in stock first, then the shop's own order).
 */
export async function listProducts(
  db: DbOrTx,
  params: ListingParams,
  scope: ListingScope,
): Promise<{ items: ListingItem[]; meta: PageMeta }> {
  const searching = scope.terms !== undefined && scope.terms.length > 0;
  const where: SQL[] = [sql`p.is_active`, sql`v.is_active`];
  if (scope.categoryId !== undefined) where.push(sql`p.category_id = ${scope.categoryId}`);
  if (scope.collectionId !== undefined) where.push(sql`pc.collection_id is not null`);
  if (scope.productIds) {
    where.push(
      sql`p.id = any(${sql`array[${sql.join(
        scope.productIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`})`,
    );
  }
  if (params.category) where.push(sql`cat.slug = ${params.category}`);
  if (params.collection) {
    where.push(sql`exists (select 1 from product_collections fpc join collections fc on fc.id = fpc.collection_id
      where fpc.product_id = p.id and fc.slug = ${params.collection})`);
  }
  if (params.size?.length)
    where.push(
      sql`lower(s.name) in (${sql.join(
        params.size.map((x) => sql`${x.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  if (params.color?.length)
    where.push(
      sql`lower(c.name) in (${sql.join(
        params.color.map((x) => sql`${x.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  if (params.min_price !== undefined) where.push(sql`v.selling_price_paise >= ${Math.round(params.min_price * 100)}`);
  if (params.max_price !== undefined) where.push(sql`v.selling_price_paise <= ${Math.round(params.max_price * 100)}`);
  if (params.in_stock) where.push(sql`v.stock > 0`);

  const order = params.sort ?? scope.order;
  const givenPosition = scope.productIds
    ? sql`array_position(array[${sql.join(
        scope.productIds.map((id) => sql`${id}`),
        sql`, `,
      )}]::int[], p.id)`
    : sql`0`;
  const limit = params.limit;
  const offset = (params.page - 1) * limit;

  const result = await rows<Row>(
    db,
    sql`with ${searching ? searchScores(scope.terms!) : sql``}
    candidates as (
      select distinct on (p.id)
        p.id as product_id, p.name, p.slug as product_slug, p.popularity, p.created_at,
        v.id as variant_id, v.slug, v.image1, v.image2, v.selling_price_paise, v.mrp_paise,
        s.name as size, c.name as color, (v.stock > 0) as in_stock,
        ${scope.collectionId !== undefined ? sql`pc.position` : sql`0`} as collection_position,
        ${givenPosition} as given_position,
        ${searching ? sql`sc.name_score, sc.score` : sql`0 as name_score, 0 as score`}
      from products p
      join categories cat on cat.id = p.category_id
      join product_variants v on v.product_id = p.id
      join sizes s on s.id = v.size_id
      join colors c on c.id = v.color_id
      ${scope.collectionId !== undefined ? sql`left join product_collections pc on pc.product_id = p.id and pc.collection_id = ${scope.collectionId}` : sql``}
      ${searching ? sql`join scores sc on sc.variant_id = v.id` : sql``}
      where ${sql.join(where, sql` and `)}
      order by p.id, ${searching ? sql`sc.score desc,` : sql``} (v.stock > 0) desc, v.position asc, v.id asc
    )
    select *, count(*) over () as total from candidates
    order by ${orderClause(order)}
    limit ${limit} offset ${offset}`,
  );

  let total = Number(result[0]?.total ?? 0);
  if (result.length === 0 && offset > 0) total = await countOnly(db, params, scope);
  return {
    items: result.map(toListingItem),
    meta: { page: params.page, limit, total, pages: Math.ceil(total / limit) },
  };
}

/** A page past the end still reports how many there are. */
async function countOnly(db: DbOrTx, params: ListingParams, scope: ListingScope): Promise<number> {
  const first = await listProducts(db, { ...params, page: 1, limit: 1 }, scope);
  return first.meta.total;
}

export function toListingItem(r: Row): ListingItem {
  return {
    products: { id: r.product_id, name: r.name, slug: r.product_slug },
    product_variants: {
      id: r.variant_id,
      slug: r.slug,
      image1: imageUrl(r.image1),
      image2: r.image2 ? imageUrl(r.image2) : null,
      selling_price: toRupees(r.selling_price_paise),
      mrp: toRupees(r.mrp_paise),
      size: r.size,
      color: r.color,
    },
    is_available_in_stock: r.in_stock,
  };
}
