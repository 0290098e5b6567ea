import {
  MESSAGES,
  OUT_OF_STOCK,
  formatRupees,
  toRupees,
  type Order,
  type PlaceOrderBody,
  type User,
} from '@shop/contract';
import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { UnitOfWork } from '../../context';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { getAddress } from '../addresses/addresses.service';
import { cartLines } from '../cart/cart.schema';
import { colors, products, productVariants, sizes } from '../catalog/catalog.schema';
import { stockMoved } from '../catalog/inventory';
import { balanceOfLocked, lockCredit, spendCredit, type LockedCredit } from '../credit/credit.service';
import { takeUse } from '../discounts/discounts.service';
import { chooseOrderMessagesAtCheckout } from '../messages/consent.service';
import { MIN_PAYMENT_PAISE, type Quote } from '../pricing/quote';
import { isIntraState } from '../pricing/tax';
import { sellerOf, settingsOf } from '../settings/settings.service';
import { shippingPaiseOf } from '../shipping/shipping.service';
import { priceBag } from './bag-price';
import { buyerOf, lockBuyer, ordersOfBuyer, type Buyer } from './buyer';
import { codFeePaise, refuseCodAddress, refuseCodValue, refuseOpenCodOrders } from './cod';
import { sendCodCode } from './cod-code';
import { fireOrderEvent } from './lifecycle/fire';
import { forgetOrderFigures } from './order-figures';
import { newOrderView, orderView } from './order-view';
import type { OrderRow } from './order-state';
import { orderLines, orders } from './orders.schema';
import { takeStock } from './stock';
import { heldPieces, refuseHoarding } from './unpaid-pieces';

// The statements of placing an order, prepared once per connection (preparedQuery).
const orderOfIdempotencyKey = preparedQuery((tx) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), eq(orders.idempotencyKey, sql.placeholder('key'))))
    .prepare('order_of_idempotency_key'),
);

const cartLineColumns = {
  quantity: cartLines.quantity,
  v: productVariants,
  name: products.name,
  hsnCode: products.hsnCode,
  categoryId: products.categoryId,
  productActive: products.isActive,
  size: sizes.name,
  color: colors.name,
};

/** The cart's lines with their variants as they are now and the names an order line keeps. */
const cartOf = <S extends PgSelect>(query: S) =>
  query
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(asc(cartLines.variantId));

export const cartToOrder = preparedQuery((tx) =>
  cartOf(tx.select(cartLineColumns).from(cartLines).$dynamic()).prepare('cart_to_order'),
);
export type CartToOrderLine = Awaited<ReturnType<ReturnType<typeof cartToOrder>['execute']>>[number];

const unpaidCount = { n: sql<number>`count(*)::int` };
const unpaidStatus = sql`${orders.status} in ('created', 'payment_pending')`;
/** An account's orders, or every order placed with a guest's email, as the read's placeholders name them (buyer.ts). */
const buyerOrders = (who: 'account' | 'guest') =>
  who === 'guest'
    ? sql`${orders.email} = ${sql.placeholder('email')}`
    : sql`${orders.userId} = ${sql.placeholder('userId')}`;

/**
 * What placing reads under the buyer's lock, in one round trip: the cart as
 * cartToOrder reads it, each line with the pieces of its variant the buyer
 * holds in unpaid orders, and on every line the order an earlier request with
 * the same Idempotency-Key made and the buyer's unpaid orders (read once: the
 * two subqueries do not depend on the line). An empty cart has no line to
 * carry them: orderOfIdempotencyKey and unpaidOf read them then.
 */
const cartToPlace = preparedQuery((tx, who: 'account' | 'guest') =>
  cartOf(
    tx
      .select({
        ...cartLineColumns,
        held: heldPieces(buyerOrders(who)),
        earlier: sql<number | null>`(select ${orders.id} from ${orders}
          where ${orders.userId} = ${sql.placeholder('userId')} and ${orders.idempotencyKey} = ${sql.placeholder('key')})`,
        unpaid: sql<number>`(select count(*)::int from ${orders} where ${buyerOrders(who)} and ${unpaidStatus})`,
      })
      .from(cartLines)
      .$dynamic(),
  ).prepare(`cart_to_place_${who}`),
);

/** The bag's lines as the quote prices them. */
export const bagLines = (lines: readonly CartToOrderLine[]) =>
  lines.map((l) => ({
    variantId: l.v.id,
    productId: l.v.productId,
    categoryId: l.categoryId,
    quantity: l.quantity,
    unitPricePaise: l.v.sellingPricePaise,
    mrpPaise: l.v.mrpPaise,
  }));

/** The buyer's unpaid open orders (for an account, the partial index orders_user_unpaid_idx answers it). */
async function unpaidOf(tx: DbOrTx, buyer: Buyer): Promise<number> {
  const [row] = await tx
    .select(unpaidCount)
    .from(orders)
    .where(and(ordersOfBuyer(buyer), unpaidStatus));
  return row?.n ?? 0;
}

const ORDER_FIELDS = [
  'userId',
  'subtotalPaise',
  'shippingPaise',
  'discountPaise',
  'codFeePaise',
  'totalPaise',
  'creditPaise',
  'discountCodeId',
  'discountCode',
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
  'exchangeOf',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

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
  'discountPaise',
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

/** An order's lines as the quote priced them, written in one statement. */
export function insertQuotedLines(tx: DbOrTx, orderId: number, lines: readonly CartToOrderLine[], quote: Quote) {
  return insertOrderLines(tx, lines.length).execute(
    numbered(
      lines.map(({ v, name, size, color, quantity, hsnCode }, i) => {
        const quoted = quote.lines[i]!;
        return {
          orderId,
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
          unitPricePaise: quoted.unitPricePaise,
          discountPaise: quoted.discountPaise,
          gstRateBp: quoted.ratePercent * 100,
          hsnCode,
        } satisfies Record<LineField, unknown>;
      }),
    ),
  );
}

/** Writes an order's row (every field named: the statement is prepared once per connection). */
export async function insertOrderRow(tx: DbOrTx, fields: Record<OrderField, unknown>): Promise<OrderRow> {
  const [order] = await insertOrder(tx).execute(fields);
  return order!;
}

/**
 * Places an order from the shopper's cart (docs/product.md#orders), all in one
 * transaction: the bag priced by the one quote (pricing/quote.ts) at today's
 * prices, with the discount code asked for checked again and its use taken;
 * the order and its quoted lines written first, then the stock checked again
 * and taken under row locks in id order, so that a variant many buy at once
 * stays locked only from that statement to the commit; the cart emptied. A
 * retried request with the same Idempotency-Key answers the order it already
 * made. A shopper places a limited number of orders per window (and per IP),
 * and holds at most MAX_UNPAID_ORDERS unpaid ones at once, with at most the
 * setting's number of pieces of one variant in them.
 */
export async function placeOrder(
  work: UnitOfWork,
  user: User,
  body: PlaceOrderBody,
  idempotencyKey?: string,
): Promise<{ order: Order; replayed: boolean }> {
  const { env, limiter } = work.app;
  // A guest gives an email and a mobile before anything is placed (guests.ts): the receipts and links go there.
  if (user.guest && !user.email) throw new AppError('invalid', MESSAGES.guestDetailsFirst);
  // Per account, and per email for guests (a new cookie is not a new buyer).
  await limiter.consume(
    user.guest ? `orders-email:${user.email}` : `orders-user:${user.id}`,
    env.RATE_LIMIT_ORDERS_PER_USER,
  );
  if (work.ip) await limiter.consume(`orders-ip:${work.ip}`, env.RATE_LIMIT_ORDERS_PER_IP);
  const cod = body.payment_method === 'COD';
  const buyer = buyerOf(user);
  const address = await getAddress(work.db, user.id, body.address);
  const [shippingRate, settings, seller] = await Promise.all([
    shippingPaiseOf(work, address.country, body.shipping_type),
    settingsOf(work),
    sellerOf(work),
  ]);
  // Cash on delivery: off (the seed's words), abroad or to a refused PIN code, refused before anything is read.
  if (cod) refuseCodAddress(settings.cod, address);

  const placed = await work.transaction(async (w) => {
    const tx = w.db;
    // One checkout per buyer at a time: a twin request waits here, then finds the order made.
    await lockBuyer(tx, buyer);
    const key = idempotencyKey || null;
    const lines = await cartToPlace(tx, buyer.guest ? 'guest' : 'account').execute({
      userId: user.id,
      email: user.email,
      key,
    });
    const [first] = lines;
    const earlier = first
      ? first.earlier
      : key && ((await orderOfIdempotencyKey(tx).execute({ userId: user.id, key }))[0]?.id ?? null);
    if (earlier) return { id: earlier, view: null };
    const unpaid = first ? first.unpaid : await unpaidOf(tx, buyer);
    if (unpaid >= env.MAX_UNPAID_ORDERS) throw new AppError('conflict', MESSAGES.tooManyUnpaidOrders);
    if (lines.length === 0) throw new AppError('invalid', MESSAGES.cartEmpty);
    refuseHoarding(lines, settings.unpaid_pieces_per_variant);

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

    // Priced again now, under the shopper's lock: today's prices, the code's conditions and the credit as they
    // stand, the credit locked as its balance is read (spent from below without reading it again).
    const credit = body.use_credit && !user.guest ? await lockCredit(w, user.id) : undefined;
    const { quote, code, refusal } = await priceBag(tx, buyer, bagLines(lines), {
      shippingRatePaise: shippingRate,
      codFeePaise: codFeePaise(settings.cod, body.payment_method),
      intraState: isIntraState(address, seller.state),
      code: body.discount_code,
      toPlace: true,
      creditPaise: credit ? balanceOfLocked(credit) : 0,
    });
    if (refusal) throw new AppError('invalid', refusal.message, [refusal.message], 'discount_refused');
    if (cod) {
      if (quote.payablePaise === 0) throw new AppError('invalid', MESSAGES.codAllCredit);
      refuseCodValue(settings.cod, quote.totalPaise - (quote.codFee?.paise ?? 0));
      await refuseOpenCodOrders(tx, settings.cod, address.phone);
    }
    refuseAboveMaximum(work, quote.totalPaise);
    if (quote.totalPaise < MIN_PAYMENT_PAISE) throw new AppError('invalid', MESSAGES.orderTooSmall);
    const order = await insertOrderRow(tx, {
      userId: user.id,
      subtotalPaise: quote.subtotalPaise,
      shippingPaise: shippingRate,
      discountPaise: quote.discountPaise,
      codFeePaise: quote.codFee?.paise ?? 0,
      totalPaise: quote.totalPaise,
      creditPaise: quote.creditPaise,
      discountCodeId: code?.id ?? null,
      discountCode: code?.code ?? null,
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
      paymentDueAt: new Date(Date.now() + settings.payment_window_minutes * 60_000),
      exchangeOf: null,
    } satisfies Record<OrderField, unknown>);

    const placedLines = await insertQuotedLines(tx, order.id, lines, quote);
    // The credit spent (a payment of its own, beside what is paid online or at the door), the code's
    // use (a code without a limit was share-locked as it was read), then the stock, last: the code's
    // row and the variants stay locked only until the commit. Credit spent meanwhile, a code used up,
    // or a shortfall rolls everything back.
    const paidByCredit = quote.creditPaise > 0 ? await payWithCredit(w, order, credit) : null;
    if (code) await takeUse(tx, code);
    const lockedStocks = await takeStock(tx, {
      id: order.id,
      userId: user.id,
      lines: lines.map((l) => ({ variantId: l.v.id, quantity: l.quantity })),
    });
    refuse(shortages(lockedStocks));
    // Stock changed: every process forgets (what shows) it after the commit, this one at once.
    const taken = new Map<number, number>();
    for (const l of lines) taken.set(l.v.id, (taken.get(l.v.id) ?? 0) + l.quantity);
    const productOf = new Map(lines.map((l) => [l.v.id, l.v.productId]));
    await stockMoved(
      w,
      [...taken].map(([id, n]) => ({
        productId: productOf.get(id)!,
        before: lockedStocks.get(id)!,
        after: lockedStocks.get(id)! - n,
      })),
    );
    w.afterCommit(() => forgetOrderFigures(w.app));
    // The checkout's ticks for order messages, before the order's first message is queued.
    if (body.order_messages) await chooseOrderMessagesAtCheckout(w, user.id, body.order_messages);
    if (paidByCredit && quote.payablePaise === 0) {
      // Nothing left to pay: the credit pays the order as a payment would, now.
      const { order: paid } = await fireOrderEvent(w.as({ kind: 'provider', via: 'store_credit' }), order.id, {
        type: 'pay',
        paymentId: paidByCredit,
      });
      return { id: order.id, view: await newOrderView(w, paid, placedLines) };
    }
    if (cod && settings.cod.confirm_by_code) await sendCodCode(w, order);
    else if (cod) {
      // No code asked: the order is confirmed as it is placed, and goes to packing.
      const { order: confirmed } = await fireOrderEvent(w, order.id, {
        type: 'confirm_cod',
        note: 'no confirmation code asked',
      });
      return { id: order.id, view: await newOrderView(w, confirmed, placedLines) };
    }
    return { id: order.id, view: await newOrderView(w, order, placedLines) };
  });
  if (placed.view) return { order: placed.view, replayed: false };
  return { order: await orderView(work, placed.id), replayed: true };
}

/**
 * Spends the account's credit on a placed order (from `locked`, when the caller locked it already)
 * and records it as the order's store-credit payment; its id.
 */
export async function payWithCredit(work: UnitOfWork, order: OrderRow, locked?: LockedCredit): Promise<string> {
  await spendCredit(work, { userId: order.userId, orderId: order.id, amountPaise: order.creditPaise }, locked);
  return work.app.orderHooks.recordCreditPayment(work, order);
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
