import { forgetOrderFigures } from './order-figures';
import {
  COD_UNAVAILABLE,
  MESSAGES,
  OUT_OF_STOCK,
  formatRupees,
  toRupees,
  type Order,
  type PlaceOrderBody,
  type User,
} from '@shop/contract';
import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { cartLines } from '../cart/cart.schema';
import { colors, products, productVariants, sizes } from '../catalog/catalog.schema';
import { orderLines, orders } from './orders.schema';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { lockUser } from '../accounts/user-lock';
import { catalogChanged, stockScope } from '../../lib/catalog-changes';
import { AppError, notFound } from '../../lib/errors';
import { getAddress } from '../addresses/addresses.service';
import { gstRateForPiece } from '../invoices/gst';
import { shippingPaise } from '../shipping/shipping.service';
import { fireOrderEvent } from './lifecycle/fire';
import { newOrderView, newestFirst, orderView, orderViews } from './order-view';
import { takeStock } from './stock';
import { settingsOf } from '../settings/settings.service';

/** The signed-in shopper a storefront call acts for. */
export function shopperId(work: UnitOfWork): number {
  if (work.actor.kind !== 'shopper') throw new AppError('unauthorized', MESSAGES.loginRequired);
  return work.actor.userId;
}

// The statements of placing an order, prepared once per connection (preparedQuery).
const orderOfIdempotencyKey = preparedQuery((tx) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))))
    .prepare('order_of_idempotency_key'),
);

/** The cart's lines with their variants as they are now and the names an order line keeps. */
const cartToOrder = preparedQuery((tx) =>
  tx
    .select({
      quantity: cartLines.quantity,
      v: productVariants,
      name: products.name,
      hsnCode: products.hsnCode,
      productActive: products.isActive,
      size: sizes.name,
      color: colors.name,
    })
    .from(cartLines)
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(asc(cartLines.variantId))
    .prepare('cart_to_order'),
);

/** The shopper's unpaid open orders (the partial index orders_user_unpaid_idx answers it). */
const unpaidOrders = preparedQuery((tx) =>
  tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), sql`${orders.status} in ('created', 'payment_pending')`))
    .prepare('unpaid_orders'),
);

const ORDER_FIELDS = [
  'userId',
  'subtotalPaise',
  'shippingPaise',
  'totalPaise',
  'shippingType',
  'paymentMethod',
  'name',
  'email',
  'phone',
  'address',
  'locality',
  'city',
  'state',
  'pincode',
  'country',
  'idempotencyKey',
  'paymentDueAt',
] as const;
type OrderField = (typeof ORDER_FIELDS)[number];

const LINE_FIELDS = [
  'orderId',
  'productId',
  'variantId',
  'quantity',
  'name',
  'slug',
  'sku',
  'size',
  'color',
  'image',
  'mrpPaise',
  'unitPricePaise',
  'gstRateBp',
  'hsnCode',
] as const;
type LineField = (typeof LINE_FIELDS)[number];

/** Placeholders for one row of an insert, named after its fields (and the row's number). */
const placeholders = <F extends string>(fields: readonly F[], suffix = '') =>
  Object.fromEntries(fields.map((f) => [f, sql.placeholder(`${f}${suffix}`)])) as Record<F, Placeholder>;

/** The values of numbered rows, as `placeholders(fields, i)` names them. */
const numbered = (rows: Record<string, unknown>[]) =>
  Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([f, value]) => [`${f}${i}`, value])));

const insertOrder = preparedQuery((tx) =>
  tx.insert(orders).values(placeholders(ORDER_FIELDS)).returning().prepare('insert_order'),
);

const insertOrderLines = preparedQuery((tx, count: number) =>
  tx
    .insert(orderLines)
    .values(Array.from({ length: count }, (_, i) => placeholders(LINE_FIELDS, String(i))))
    .returning()
    .prepare(`insert_order_lines_${count}`),
);

/**
 * Places an order from the shopper's cart (docs/product.md#orders), all in one
 * transaction: prices and shipping from the database; the order and its
 * lines written first, then the stock checked again and taken under row
 * locks in id order, so that a variant many buy at once stays locked only
 * from that statement to the commit; the cart emptied. A retried request
 * with the same Idempotency-Key answers the order it already made. A
 * shopper places a limited number of orders per window (and per IP), and
 * holds at most MAX_UNPAID_ORDERS unpaid ones at once.
 */
export async function placeOrder(
  work: UnitOfWork,
  user: User,
  body: PlaceOrderBody,
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const { env, limiter } = work.app;
  await limiter.consume(`orders-user:${user.id}`, env.RATE_LIMIT_ORDERS_PER_USER);
  if (work.ip) await limiter.consume(`orders-ip:${work.ip}`, env.RATE_LIMIT_ORDERS_PER_IP);
  if (body.payment_method !== 'ONLINE') throw new AppError('invalid', COD_UNAVAILABLE);
  const address = await getAddress(work.db, user.id, body.address);
  const shipping = await shippingPaise(work.db, address.country, body.shipping_type);
  const paymentWindow = (await settingsOf(work)).payment_window_minutes;

  const placed = await work.transaction(async (w) => {
    const tx = w.db;
    // One checkout per shopper at a time: a twin request waits here, then finds the order made.
    await lockUser(tx, user.id);
    if (idempotencyKey) {
      const [earlier] = await orderOfIdempotencyKey(tx).execute({ userId: user.id, key: idempotencyKey });
      if (earlier) return { id: earlier.id, view: null };
    }
    const [unpaid] = await unpaidOrders(tx).execute({ userId: user.id });
    if ((unpaid?.n ?? 0) >= env.MAX_UNPAID_ORDERS) throw new AppError('conflict', MESSAGES.tooManyUnpaidOrders);
    const lines = await cartToOrder(tx).execute({ userId: user.id });
    if (lines.length === 0) throw new AppError('invalid', MESSAGES.cartEmpty);

    const shortages = (stocks: ReadonlyMap<number, number>) =>
      lines.flatMap(({ v, name, productActive, size, color, quantity }) => {
        if (!v.isActive || !productActive) return [`${name} is no longer available`];
        const stock = stocks.get(v.id) ?? 0;
        if (stock >= quantity) return [];
        const left = stock === 0 ? 'is out of stock' : `has only ${stock} left`;
        return [`${name} (${size}, ${color}) ${left}`];
      });
    const refuse = (problems: string[]) => {
      if (problems.length > 0)
        throw new AppError('invalid', MESSAGES.someOutOfStock, [OUT_OF_STOCK, ...problems], 'out_of_stock');
    };
    // A first look without locks turns most refusals away before anything is written.
    refuse(shortages(new Map(lines.map(({ v }) => [v.id, v.stock]))));

    const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.v.sellingPricePaise, 0);
    refuseAboveMaximum(work, subtotal + shipping);
    const [order] = await insertOrder(tx).execute({
      userId: user.id,
      subtotalPaise: subtotal,
      shippingPaise: shipping,
      totalPaise: subtotal + shipping,
      shippingType: body.shipping_type,
      paymentMethod: body.payment_method,
      name: address.name || user.name, // the recipient, printed on the label and the invoice
      email: user.email,
      phone: address.phone,
      address: address.address,
      locality: address.locality,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      country: address.country,
      idempotencyKey: idempotencyKey ?? null,
      paymentDueAt: new Date(Date.now() + paymentWindow * 60_000),
    } satisfies Record<OrderField, unknown>);

    const placedLines = await insertOrderLines(tx, lines.length).execute(
      numbered(
        lines.map(
          ({ v, name, size, color, quantity, hsnCode }) =>
            ({
              orderId: order!.id,
              productId: v.productId,
              variantId: v.id,
              quantity,
              name,
              slug: v.slug,
              sku: v.sku,
              size,
              color,
              image: v.image1,
              mrpPaise: v.mrpPaise,
              unitPricePaise: v.sellingPricePaise,
              gstRateBp: gstRateForPiece(v.sellingPricePaise) * 100,
              hsnCode,
            }) satisfies Record<LineField, unknown>,
        ),
      ),
    );
    // Last, so the variants stay locked only until the commit: the stock is checked
    // again under lock and taken; the cart is emptied. A shortfall rolls all back.
    const lockedStocks = await takeStock(tx, {
      id: order!.id,
      userId: user.id,
      lines: lines.map((l) => ({ variantId: l.v.id, quantity: l.quantity })),
    });
    refuse(shortages(lockedStocks));
    // Stock changed: every process forgets (what shows) it after the commit, this one at once.
    const taken = new Map<number, number>();
    for (const l of lines) taken.set(l.v.id, (taken.get(l.v.id) ?? 0) + l.quantity);
    const scope = stockScope([...taken].map(([id, n]) => [lockedStocks.get(id)!, lockedStocks.get(id)! - n] as const));
    const products = [...new Set(lines.map((l) => l.v.productId))];
    await catalogChanged(w.db, scope, products);
    w.afterCommit(() => {
      w.app.cache.invalidate(scope, products);
      forgetOrderFigures(w.app);
    });
    return { id: order!.id, view: newOrderView(order!, placedLines, w.app.secret) };
  });
  if (placed.view) return { order: placed.view, replayed: false };
  return { order: await orderView(work, placed.id), replayed: true };
}

/**
 * Money columns are integer paise (up to ₹2.1 crore), so an order's total is
 * capped well below that, at what one online payment can take (docs/decisions/0008).
 */
function refuseAboveMaximum(work: UnitOfWork, totalPaise: number): void {
  const max = work.app.env.MAX_ORDER_TOTAL_RUPEES;
  if (totalPaise <= max * 100) return;
  throw new AppError('invalid', MESSAGES.orderTooLarge, [
    `The order total, ${formatRupees(toRupees(totalPaise))}, is above the largest we accept, ${formatRupees(max)}.`,
  ]);
}

export async function listOrders(work: UnitOfWork): Promise<Order[]> {
  const rows = await work.db
    .select()
    .from(orders)
    .where(eq(orders.userId, shopperId(work)))
    .orderBy(...newestFirst);
  return orderViews(work, rows);
}

/** Whether the order is the shopper's own (a return request names one: contact.service.ts). */
export async function isShoppersOrder(db: DbOrTx, userId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row !== undefined;
}

/** One of the shopper's orders; another shopper's is 'not found'. */
export async function getOrder(work: UnitOfWork, orderId: number): Promise<Order> {
  const [row] = await work.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, shopperId(work))));
  if (!row) throw notFound(MESSAGES.orderNotFound);
  const [view] = await orderViews(work, [row]);
  return view!;
}

/**
 * The shopper cancels: an unpaid order simply, a paid one with a refund of
 * its total (the lifecycle's 'cancel'). Answers the order and the message.
 */
export async function cancelOrder(work: UnitOfWork, orderId: number): Promise<{ message: string; data: Order }> {
  const { from } = await fireOrderEvent(work, orderId, { type: 'cancel' });
  const data = await orderView(work, orderId);
  return { message: from === 'packaging' ? MESSAGES.orderCancelledRefund : MESSAGES.orderCancelled, data };
}
