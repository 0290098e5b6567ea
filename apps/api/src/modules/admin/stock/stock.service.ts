import {
  formatRupees,
  salePricePaise,
  toRupees,
  type SaleBody,
  type SaleResult,
  type StockConflict,
  type StockField,
  type StockSaveBody,
  type StockSaveResult,
} from '@shop/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { productVariants, products } from '../../catalog/catalog.schema';
import { invalid } from '../../../lib/errors';
import { settingsOf } from '../../settings/settings.service';
import { stockMoved } from '../../catalog/inventory';
import { audit } from '../../audit/audit.service';
import { filteredVariantIds } from './stock.query';

/** A locked variant as the grid edits it (paise). */
interface Cells {
  stock: number;
  mrp: number;
  selling_price: number;
}
type Locked = Cells & { id: number; productId: number; sku: string };

const MAX_STOCK = 1_000_000;
const LABEL: Record<StockField, string> = { stock: 'stock', mrp: 'MRP', selling_price: 'selling price' };

/** Locks the variants (FOR UPDATE, in id order: two writers queue instead of deadlocking). */
async function lockVariants(db: DbOrTx, ids: number[]): Promise<Map<number, Locked>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      stock: productVariants.stock,
      mrp: productVariants.mrpPaise,
      selling_price: productVariants.sellingPricePaise,
    })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for('update');
  return new Map(found.map((v) => [v.id, v]));
}

/** A cell's value as stored: stock as is, prices in paise (NaN when it has more than two decimals). */
function stored(field: StockField, value: number): number {
  if (field === 'stock') return value;
  const paise = value * 100;
  return Math.abs(paise - Math.round(paise)) < 1e-6 ? Math.round(paise) : Number.NaN;
}
const shown = (field: StockField, value: number) => (field === 'stock' ? value : toRupees(value));

/** The rules of one variant's cells after the changes; one sentence per broken rule. */
function brokenRules(sku: string, next: Cells): string[] {
  const errors: string[] = [];
  if (!Number.isInteger(next.stock) || next.stock < 0 || next.stock > MAX_STOCK) {
    errors.push(`${sku}: stock must be a whole number from 0 to ${MAX_STOCK}`);
  }
  for (const field of ['mrp', 'selling_price'] as const) {
    const v = next[field];
    if (Number.isNaN(v)) errors.push(`${sku}: ${LABEL[field]} must be in rupees with at most two decimals`);
    else if (v <= 0) errors.push(`${sku}: ${LABEL[field]} must be more than ₹0`);
  }
  if (next.selling_price > next.mrp) {
    errors.push(
      `${sku}: selling price ${formatRupees(toRupees(next.selling_price))} is above the MRP ${formatRupees(toRupees(next.mrp))}`,
    );
  }
  return errors;
}

/** One statement for many rows: each listed variant gets the given values (null: unchanged). */
async function writeCells(db: DbOrTx, rows: { id: number; cells: Partial<Cells> }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      ({ id, cells }) =>
        sql`(${id}::integer, ${cells.stock ?? null}::integer, ${cells.mrp ?? null}::integer, ${cells.selling_price ?? null}::integer)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update ${productVariants} as v set
      stock = coalesce(x.stock, v.stock),
      mrp_paise = coalesce(x.mrp, v.mrp_paise),
      selling_price_paise = coalesce(x.price, v.selling_price_paise),
      updated_at = now()
    from (values ${values}) as x(id, stock, mrp, price)
    where v.id = x.id`);
}

/** A price change moves the product's version: a product form opened before it answers 409 on save. */
async function bumpVersions(db: DbOrTx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(inArray(products.id, productIds));
}

/**
 * Saves the grid's changed cells in one transaction (docs/back-office.md
 * "Stock"). Each cell carries the value the grid showed: a cell whose value
 * has changed since (a sale took stock, another admin saved) is not written
 * and comes back as a conflict with its current value; the others are saved.
 * A broken rule (negative stock, price above MRP) refuses the whole save.
 */
export async function saveStock(work: UnitOfWork, body: StockSaveBody): Promise<StockSaveResult> {
  const seen = new Set<string>();
  for (const c of body.changes) {
    const key = `${c.variant_id}:${c.field}`;
    if (seen.has(key)) throw invalid([`variant ${c.variant_id}: ${LABEL[c.field]} is given twice`]);
    seen.add(key);
  }
  return work.transaction(async (w) => {
    const ids = [...new Set(body.changes.map((c) => c.variant_id))].sort((a, b) => a - b);
    const locked = await lockVariants(w.db, ids);
    const missing = ids.filter((id) => !locked.has(id));
    if (missing.length) throw invalid(missing.map((id) => `variant ${id} does not exist`));

    const conflicts: StockConflict[] = [];
    const next = new Map<number, Cells>();
    const changed = new Map<number, Partial<Cells>>();
    for (const c of body.changes) {
      const v = locked.get(c.variant_id)!;
      const cells = next.get(v.id) ?? { stock: v.stock, mrp: v.mrp, selling_price: v.selling_price };
      next.set(v.id, cells);
      const value = stored(c.field, c.value);
      if (value === v[c.field]) continue; // already so: nothing to write, nothing to tell
      if (stored(c.field, c.expected) !== v[c.field]) {
        conflicts.push({
          variant_id: v.id,
          sku: v.sku,
          field: c.field,
          expected: c.expected,
          current: shown(c.field, v[c.field]),
        });
        continue;
      }
      cells[c.field] = value;
      changed.set(v.id, { ...changed.get(v.id), [c.field]: value });
    }
    const errors = [...changed.keys()].flatMap((id) => brokenRules(locked.get(id)!.sku, next.get(id)!));
    if (errors.length) throw invalid(errors, 'Nothing was saved: fix the cells named below');

    const rows = [...changed].map(([id, cells]) => ({ id, cells }));
    await writeCells(w.db, rows);
    const saved = rows.reduce((n, r) => n + Object.keys(r.cells).length, 0);
    if (rows.length) {
      const productsOf = (pick: (r: (typeof rows)[number]) => boolean) => [
        ...new Set(rows.filter(pick).map((r) => locked.get(r.id)!.productId)),
      ];
      const priced = productsOf((r) => r.cells.mrp !== undefined || r.cells.selling_price !== undefined);
      await bumpVersions(w.db, priced);
      if (priced.length) await w.catalogChanged('all');
      else {
        const moved = rows.filter((r) => r.cells.stock !== undefined);
        await stockMoved(
          w,
          moved.map((r) => ({
            productId: locked.get(r.id)!.productId,
            before: locked.get(r.id)!.stock,
            after: r.cells.stock!,
          })),
        );
      }
      await audit(w, {
        action: 'stock.save',
        entityType: 'product',
        entityId: 'stock-grid',
        before: Object.fromEntries(rows.map((r) => [locked.get(r.id)!.sku, pick(locked.get(r.id)!, r.cells)])),
        after: Object.fromEntries(rows.map((r) => [locked.get(r.id)!.sku, pick(r.cells, r.cells)])),
      });
    }
    const message = conflicts.length
      ? `${saved} saved; ${conflicts.length} changed meanwhile and were not saved: check them and save again`
      : `${saved} saved`;
    return { message, saved, conflicts };
  });
}

/** The changed fields of a variant, in the API's units, for the audit log. */
function pick(from: Partial<Cells>, fields: Partial<Cells>): Record<string, number> {
  return Object.fromEntries((Object.keys(fields) as StockField[]).map((f) => [f, shown(f, from[f]!)]));
}

/**
 * A sale on a selection (docs/back-office.md "Stock"): the selling price
 * becomes MRP × (100 − p)%, rounded to the nearest whole rupee
 * (`salePricePaise`); `percent_off` null ends it (selling price = MRP).
 * One transaction, the variants locked; one audit row.
 */
export async function setSale(work: UnitOfWork, body: SaleBody): Promise<SaleResult> {
  return work.transaction(async (w) => {
    const ids = body.variant_ids
      ? [...new Set(body.variant_ids)]
      : await filteredVariantIds(w.db, body.filter!, (await settingsOf(w)).low_stock_threshold);
    if (ids.length === 0) throw invalid(['no variant matches the filter']);
    const locked = await lockVariants(
      w.db,
      ids.sort((a, b) => a - b),
    );
    const missing = ids.filter((id) => !locked.has(id));
    if (missing.length) throw invalid(missing.slice(0, 20).map((id) => `variant ${id} does not exist`));
    const rows = [...locked.values()]
      .map((v) => ({ v, price: body.percent_off === null ? v.mrp : salePricePaise(v.mrp, body.percent_off) }))
      .filter(({ v, price }) => price !== v.selling_price);
    if (rows.length) {
      await writeCells(
        w.db,
        rows.map(({ v, price }) => ({ id: v.id, cells: { selling_price: price } })),
      );
      const productIds = [...new Set(rows.map(({ v }) => v.productId))];
      await bumpVersions(w.db, productIds);
      await w.catalogChanged('all', productIds);
      await audit(w, {
        action: body.percent_off === null ? 'stock.sale_end' : 'stock.sale',
        entityType: 'product',
        entityId: 'stock-grid',
        before: Object.fromEntries(rows.map(({ v }) => [v.sku, { selling_price: toRupees(v.selling_price) }])),
        after: Object.fromEntries(rows.map(({ v, price }) => [v.sku, { selling_price: toRupees(price) }])),
        note: body.percent_off === null ? 'sale ended' : `${body.percent_off}% off`,
      });
    }
    const what = body.percent_off === null ? 'back at the MRP' : `at ${body.percent_off}% off`;
    return { message: `${rows.length} of ${locked.size} selected now ${what}`, changed: rows.length };
  });
}
