import {
  DISCOUNT_KIND_LABELS,
  DiscountBody as DiscountBodySchema,
  toPaise,
  toRupees,
  type AdminDiscount,
  type DiscountBody,
} from '@shop/contract';
import { and, asc, eq, ilike, inArray, isNotNull, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { categories, collections } from '../../catalog/catalog.schema';
import { discountCodes } from '../../discounts/discounts.schema';
import type { DiscountCodeRow } from '../../discounts/discounts.service';
import { holdsAUse } from '../../orders/bag-price';
import { orders } from '../../orders/orders.schema';
import { audit } from '../../audit/audit.service';
import { CSV_BOM, csvRow, istStamp, money } from '../../../lib/csv';

type State = AdminDiscount['state'];

/** What a shopper meets with the code now. */
export function stateOf(row: DiscountCodeRow, now = new Date()): State {
  if (!row.active) return 'off';
  if (row.startsAt && now < row.startsAt) return 'scheduled';
  if (row.endsAt && now >= row.endsAt) return 'ended';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  return 'live';
}

interface Sales {
  orders: number;
  salesPaise: number;
  discountPaise: number;
  /** Orders holding a use now, unpaid ones included (what a code without a limit counts). */
  holding: number;
}

/**
 * Orders placed with each code: the paid ones, what they were worth and
 * what the code took off, and those holding a use now.
 */
async function salesOf(work: UnitOfWork, ids: number[]): Promise<Map<number, Sales>> {
  if (ids.length === 0) return new Map();
  const rows = await work.db
    .select({
      codeId: orders.discountCodeId,
      orders: sql<number>`(count(*) filter (where ${isNotNull(orders.paidAt)}))::int`,
      salesPaise: sql<string>`coalesce(sum(${orders.totalPaise}) filter (where ${isNotNull(orders.paidAt)}), 0)`,
      discountPaise: sql<string>`coalesce(sum(${orders.discountPaise}) filter (where ${isNotNull(orders.paidAt)}), 0)`,
      holding: sql<number>`(count(*) filter (where ${holdsAUse}))::int`,
    })
    .from(orders)
    .where(inArray(orders.discountCodeId, ids))
    .groupBy(orders.discountCodeId);
  return new Map(
    rows.map((r) => [
      r.codeId!,
      {
        orders: r.orders,
        salesPaise: Number(r.salesPaise),
        discountPaise: Number(r.discountPaise),
        holding: r.holding,
      },
    ]),
  );
}

const view = (row: DiscountCodeRow, sales: Sales | undefined): AdminDiscount => ({
  id: row.id,
  ...bodyOf(row),
  note: row.note,
  // A code without a limit keeps no count: its orders are counted (discounts.service.ts, takeUse).
  uses: row.maxUses === null ? (sales?.holding ?? 0) : row.uses,
  orders: sales?.orders ?? 0,
  sales: toRupees(sales?.salesPaise ?? 0),
  discount_given: toRupees(sales?.discountPaise ?? 0),
  state: stateOf(row),
  updated_at: row.updatedAt.toISOString(),
});

export async function listDiscounts(work: UnitOfWork, query: { q: string; state: State | 'all' }) {
  const rows = await work.db
    .select()
    .from(discountCodes)
    .where(query.q ? ilike(discountCodes.code, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined)
    .orderBy(asc(discountCodes.code));
  const sales = await salesOf(
    work,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, sales.get(r.id))).filter((d) => query.state === 'all' || d.state === query.state);
}

export async function getDiscount(work: UnitOfWork, id: number): Promise<AdminDiscount> {
  const [row] = await work.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound('No such discount code');
  return view(row, (await salesOf(work, [id])).get(id));
}

type Parsed = ReturnType<typeof DiscountBodySchema.parse>;

/** The columns of a code as the owner wrote it: rupees in paise, free shipping worth 0. */
const columnsOf = (b: Parsed) => ({
  code: b.code,
  kind: b.kind,
  value: b.kind === 'percent' ? b.value : b.kind === 'amount' ? toPaise(b.value) : 0,
  minSubtotalPaise: toPaise(b.min_subtotal),
  startsAt: b.starts_at ? new Date(b.starts_at) : null,
  endsAt: b.ends_at ? new Date(b.ends_at) : null,
  maxUses: b.max_uses,
  maxUsesPerBuyer: b.max_uses_per_buyer,
  firstOrderOnly: b.first_order_only,
  categoryIds: [...new Set(b.category_ids)],
  collectionIds: [...new Set(b.collection_ids)],
  excludeSaleItems: b.exclude_sale_items,
  active: b.active,
  note: b.note,
});

const taken = (code: string) => new AppError('conflict', `There is already a code ${code}`);

/** The code's unique index refusing a name: two saves of it at once (a double click), the second told as the first. */
function isNameTaken(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth += 1) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && constraint === 'discount_codes_code_uq') return true;
    e = cause;
  }
  return false;
}

/** Runs a write of a code's name, a name taken meanwhile answered as `taken`. */
async function savingName<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw isNameTaken(err) ? taken(code) : err;
  }
}

/** The categories and collections a code names must exist (arrays carry no foreign keys). */
async function checkGroups(work: UnitOfWork, columns: ReturnType<typeof columnsOf>): Promise<void> {
  const missing = async (table: typeof categories | typeof collections, ids: number[], what: string) => {
    if (ids.length === 0) return [];
    const found = new Set(
      (await work.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id),
    );
    return ids.filter((id) => !found.has(id)).map((id) => `There is no ${what} ${id}`);
  };
  const problems = [
    ...(await missing(categories, columns.categoryIds, 'category')),
    ...(await missing(collections, columns.collectionIds, 'collection')),
  ];
  if (problems.length > 0) throw invalid(problems);
}

/** A new code; its name is unique whatever the case. */
export async function createDiscount(work: UnitOfWork, body: DiscountBody): Promise<AdminDiscount> {
  const columns = columnsOf(DiscountBodySchema.parse(body));
  await checkGroups(work, columns);
  return work.transaction(async (w) => {
    const [exists] = await w.db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.code, columns.code));
    if (exists) throw taken(columns.code);
    const [row] = await savingName(columns.code, () => w.db.insert(discountCodes).values(columns).returning());
    await audit(w, { action: 'discount.create', entityType: 'discount', entityId: row!.id, after: columns });
    return view(row!, undefined);
  });
}

/** Orders holding a use of the code now. */
async function holdingUses(work: UnitOfWork, id: number): Promise<number> {
  const [row] = await work.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.discountCodeId, id), holdsAUse));
  return row?.n ?? 0;
}

/**
 * Edits a code. Its uses stay; a limit below the uses already counted is
 * refused, and renaming a code that orders used is refused (their
 * invoices and reports name it).
 */
export async function updateDiscount(work: UnitOfWork, id: number, body: DiscountBody): Promise<AdminDiscount> {
  const columns = columnsOf(DiscountBodySchema.parse(body));
  await checkGroups(work, columns);
  return work.transaction(async (w) => {
    const [before] = await w.db.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!before) throw notFound('No such discount code');
    if (columns.code !== before.code) {
      const [used] = await w.db.select({ id: orders.id }).from(orders).where(eq(orders.discountCodeId, id)).limit(1);
      if (used)
        throw new AppError('conflict', `Orders used ${before.code}: it keeps its name. Make a new code instead.`);
      const [other] = await w.db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, columns.code));
      if (other) throw taken(columns.code);
    }
    // A code given a limit counts its uses from now on, starting from the orders holding one (the row
    // lock above waited for orders in flight; this statement sees them).
    const uses = before.maxUses === null ? await holdingUses(w, id) : before.uses;
    if (columns.maxUses !== null && columns.maxUses < uses) {
      throw new AppError('invalid', `It has been used ${uses} times already: total uses must be at least that.`);
    }
    const [row] = await savingName(columns.code, () =>
      w.db
        .update(discountCodes)
        .set({ ...columns, uses, updatedAt: sql`now()` })
        .where(eq(discountCodes.id, id))
        .returning(),
    );
    await audit(w, {
      action: 'discount.update',
      entityType: 'discount',
      entityId: id,
      before: bodyOf(before),
      after: bodyOf(row!),
    });
    return view(row!, (await salesOf(w, [id])).get(id));
  });
}

/** Switches a code on or off at once; a second click does nothing. */
export async function setDiscountActive(work: UnitOfWork, id: number, active: boolean): Promise<AdminDiscount> {
  return work.transaction(async (w) => {
    const [before] = await w.db.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!before) throw notFound('No such discount code');
    if (before.active === active) return view(before, (await salesOf(w, [id])).get(id));
    const [row] = await w.db
      .update(discountCodes)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(discountCodes.id, id))
      .returning();
    await audit(w, {
      action: active ? 'discount.switch_on' : 'discount.switch_off',
      entityType: 'discount',
      entityId: id,
      before: { active: before.active },
      after: { active },
    });
    return view(row!, (await salesOf(w, [id])).get(id));
  });
}

/** A stored code as the form would send it (to audit an edit in the same terms). */
export const bodyOf = (row: DiscountCodeRow): DiscountBody => ({
  code: row.code,
  kind: row.kind,
  value: row.kind === 'amount' ? toRupees(row.value) : row.value,
  min_subtotal: toRupees(row.minSubtotalPaise),
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
  max_uses: row.maxUses,
  max_uses_per_buyer: row.maxUsesPerBuyer,
  first_order_only: row.firstOrderOnly,
  category_ids: row.categoryIds,
  collection_ids: row.collectionIds,
  exclude_sale_items: row.excludeSaleItems,
  active: row.active,
  note: row.note,
});

/** Every code with its uses and sales, for a spreadsheet. */
export async function discountsCsv(work: UnitOfWork): Promise<string> {
  const list = await listDiscounts(work, { q: '', state: 'all' });
  const head = ['Code', 'Kind', 'Value', 'Minimum (₹)', 'Starts', 'Ends', 'Total uses', 'Uses per shopper'];
  const rows = list.map((d) =>
    csvRow([
      d.code,
      DISCOUNT_KIND_LABELS[d.kind],
      d.kind === 'percent' ? `${d.value}%` : d.kind === 'amount' ? money(toPaise(d.value)) : '',
      money(toPaise(d.min_subtotal)),
      istStamp(d.starts_at ? new Date(d.starts_at) : null),
      istStamp(d.ends_at ? new Date(d.ends_at) : null),
      d.max_uses,
      d.max_uses_per_buyer,
      d.state,
      d.uses,
      d.orders,
      money(toPaise(d.sales)),
      money(toPaise(d.discount_given)),
      d.note,
    ]),
  );
  const header = csvRow([...head, 'State', 'Uses now', 'Paid orders', 'Sales (₹)', 'Discount given (₹)', 'Note']);
  return CSV_BOM + header + rows.join('');
}
