import { sql } from 'drizzle-orm';
import { rows, type Db } from '../src/db/client';
import type { Scenario } from './harness';
import type { Load } from './load';

/** Orders whose pieces went back on the shelf (a cash-on-delivery parcel refused at the door among them). */
const CANCELLED = new Set([
  'user_cancelled',
  'store_cancelled',
  'refund_progress',
  'cancelled_refund',
  'refunded',
  'returned_to_origin',
]);
const PAID = new Set(['packaging', 'shipped', 'delivered']);

interface OrderRow {
  id: number;
  user_id: number;
  status: string;
  payment_id: string | null;
  payment_method: string;
  paid_at: Date | string | null;
  provider_order_id: string | null;
  subtotal_paise: number;
  shipping_paise: number;
  cod_fee_paise: number;
  total_paise: number;
  created_at: Date | string;
}

async function snapshot(db: Db) {
  return {
    orders: await rows<OrderRow>(
      db,
      sql`select id, user_id, status, payment_id, payment_method, paid_at, provider_order_id, subtotal_paise,
                 shipping_paise, cod_fee_paise, total_paise, created_at
          from orders`,
    ),
    lines: await rows<{ order_id: number; product_variant_id: number; quantity: number; unit_price_paise: number }>(
      db,
      sql`select order_id, product_variant_id, quantity, unit_price_paise from order_lines`,
    ),
    first: await rows<{ order_id: number; to_status: string }>(
      db,
      sql`select distinct on (order_id) order_id, to_status from order_status_history order by order_id, id`,
    ),
    captured: await rows<{
      order_id: number;
      provider_payment_id: string;
      method: string | null;
      amount_paise: number;
    }>(db, sql`select order_id, provider_payment_id, method, amount_paise from payments where status = 'captured'`),
    stock: await rows<{ id: number; stock: number }>(db, sql`select id, stock from product_variants`),
    carts: await rows<{ user_id: number; product_variant_id: number }>(
      db,
      sql`select user_id, product_variant_id from cart_lines`,
    ),
  };
}

/**
 * What must hold after any fault, read from the database and checked against
 * what the shoppers were told and what the provider took: no 500, no order
 * half-written, every acknowledged order kept, every captured payment on its
 * order exactly once, no cash-on-delivery order paid but by its delivery,
 * stock equal to the initial stock minus what is sold (parcels returned to
 * origin back on the shelf), and no acknowledged cart line lost.
 */
export async function checkInvariants(s: Scenario, load: Load): Promise<void> {
  const data = await s.read(snapshot);
  const byId = new Map(data.orders.map((o) => [Number(o.id), o]));
  const linesOf = new Map<number, typeof data.lines>();
  for (const l of data.lines) linesOf.set(Number(l.order_id), [...(linesOf.get(Number(l.order_id)) ?? []), l]);

  s.check('no 500 answer', load.tally.serverErrors.length === 0, load.tally.serverErrors.slice(0, 3).join(' | '));
  const badUnavailable = load.unavailableBodies.filter((b) => {
    const body = JSON.parse(b) as { message?: unknown };
    return typeof body.message !== 'string' || body.message.length === 0;
  });
  s.check('every 503 says why in words', badUnavailable.length === 0, badUnavailable.slice(0, 2).join(' | '));

  const acked = load.shoppers.flatMap((sh) => [...sh.acked.orders]);
  const missing = acked.filter((id) => !byId.has(id));
  s.check(
    'every order a shopper was told about exists',
    missing.length === 0,
    `${acked.length} told, missing ${missing.join(',')}`,
  );

  const half = data.orders.filter((o) => {
    const lines = linesOf.get(Number(o.id)) ?? [];
    const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unit_price_paise, 0);
    const first = data.first.find((h) => Number(h.order_id) === Number(o.id));
    return (
      lines.length === 0 ||
      subtotal !== o.subtotal_paise ||
      o.total_paise !== subtotal + o.shipping_paise + o.cod_fee_paise ||
      first?.to_status !== 'created'
    );
  });
  s.check(
    'no order half-written',
    half.length === 0,
    `${data.orders.length} orders; bad: ${half.map((o) => o.id).join(',')}`,
  );

  const captured = s.provider.captured();
  const capturedRows = new Map<number, string[]>();
  // Cash collected at the door is no provider's payment: it is checked below.
  for (const c of data.captured.filter((row) => row.method !== 'cod'))
    capturedRows.set(Number(c.order_id), [...(capturedRows.get(Number(c.order_id)) ?? []), c.provider_payment_id]);
  const unpaid = captured.filter((p) => {
    const order = data.orders.find((o) => o.provider_order_id === p.order_id);
    const rowsOfOrder = order ? (capturedRows.get(Number(order.id)) ?? []) : [];
    return !order || !PAID.has(order.status) || order.payment_id !== p.id || rowsOfOrder.length !== 1;
  });
  const toldPaid = load.shoppers.flatMap((sh) => [...sh.acked.paid]);
  const toldButNot = toldPaid.filter(([orderId, paymentId]) => byId.get(orderId)?.payment_id !== paymentId);
  const paidWithoutMoney = data.orders.filter(
    (o) => o.payment_method !== 'COD' && o.payment_id && !captured.some((p) => p.id === o.payment_id),
  );
  s.check(
    'every payment the provider captured: its order paid with it, once',
    unpaid.length === 0 && toldButNot.length === 0 && paidWithoutMoney.length === 0,
    `${captured.length} captured, ${toldPaid.length} confirmed to browsers, ` +
      `${data.orders.filter((o) => PAID.has(o.status)).length} paid orders; ` +
      `wrong: ${unpaid.map((p) => p.order_id).join(',')} ${toldButNot.map(([o]) => o).join(',')} ${paidWithoutMoney.map((o) => o.id).join(',')}`,
  );

  // Cash on delivery: paid only by its delivery (a 'cod' payment of its total), never before or without one.
  const cod = data.orders.filter((o) => o.payment_method === 'COD');
  const cashOf = (o: OrderRow) =>
    data.captured.filter((c) => Number(c.order_id) === Number(o.id) && c.method === 'cod');
  const codWrong = cod.filter((o) => {
    const cash = cashOf(o);
    const paid = o.payment_id !== null || o.paid_at !== null || cash.length > 0;
    if (o.status === 'delivered') return cash.length !== 1 || cash[0]!.amount_paise !== o.total_paise || !o.payment_id;
    return paid;
  });
  const codCount = (status: string) => cod.filter((o) => o.status === status).length;
  s.check(
    'no paid COD order without a delivery',
    codWrong.length === 0 && (cod.length > 0 || !load.shoppers.some((sh) => sh.cod)),
    `${cod.length} COD orders (${codCount('delivered')} delivered, ${codCount('returned_to_origin')} returned ` +
      `to origin); courier: ${JSON.stringify(load.courier)}; wrong: ${codWrong.map((o) => o.id).join(',')}`,
  );

  const wrongStock = s.variants.filter((v) => {
    const sold = data.lines
      .filter((l) => Number(l.product_variant_id) === v.variantId)
      .filter((l) => !CANCELLED.has(byId.get(Number(l.order_id))!.status))
      .reduce((sum, l) => sum + l.quantity, 0);
    const now = data.stock.find((r) => Number(r.id) === v.variantId)!.stock;
    return now !== v.initialStock - sold || now < 0;
  });
  const soldTotal =
    s.variants.reduce((sum, v) => sum + v.initialStock, 0) -
    s.variants.reduce((sum, v) => sum + data.stock.find((r) => Number(r.id) === v.variantId)!.stock, 0);
  s.check(
    'stock = initial − sold, never below zero',
    wrongStock.length === 0,
    `${soldTotal} pieces sold; wrong: ${wrongStock.map((v) => v.variantId).join(',')}`,
  );

  const lost: string[] = [];
  let cartLines = 0;
  for (const shopper of load.shoppers) {
    for (const [variantId, at] of shopper.acked.cart) {
      cartLines += 1;
      const inCart = data.carts.some(
        (c) => Number(c.user_id) === shopper.userId && Number(c.product_variant_id) === variantId,
      );
      const ordered = data.orders.some(
        (o) =>
          Number(o.user_id) === shopper.userId &&
          new Date(o.created_at).getTime() >= at &&
          (linesOf.get(Number(o.id)) ?? []).some((l) => Number(l.product_variant_id) === variantId),
      );
      if (!inCart && !ordered) lost.push(`${shopper.email}:${variantId}`);
    }
  }
  s.check('no cart line lost', lost.length === 0, `${cartLines} lines waiting in carts; lost: ${lost.join(',')}`);
  s.note(`load: ${load.tally.toString()}`);
  s.note(`webhooks: ${s.provider.delivered} accepted after ${s.provider.attempts} attempts`);
}
