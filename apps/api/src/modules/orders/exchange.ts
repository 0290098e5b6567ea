import { formatRupees, toRupees } from '@shop/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { AppError, invalid } from '../../lib/errors';
import { colors, products, productVariants, sizes } from '../catalog/catalog.schema';
import { decrementStock, stockMoved } from '../catalog/inventory';
import { isIntraState } from '../pricing/tax';
import { sellerOf, settingsOf } from '../settings/settings.service';
import { priceBag } from './bag-price';
import { actorLabel, fireOrderEvent } from './lifecycle/fire';
import type { OrderRow } from './order-state';
import { orderLines, orderStatusHistory, orders } from './orders.schema';
import { bagLines, insertOrderRow, insertQuotedLines, payWithCredit, type CartToOrderLine } from './place-order';

/** A returned line's pieces and the variant of the same product sent in their place. */
export interface ExchangePiece {
  lineId: number;
  quantity: number;
  variantId: number;
}

/**
 * An exchange's replacement (docs/product.md 'Exchanges'): a new order of the shopper's, for other
 * variants of the returned pieces' products, to the same address, with no shipping charged, priced
 * by the one quote at today's prices and paid first by `creditPaise` of store credit (what the
 * returned pieces were worth, credited by the return in the same transaction). What is left to
 * pay (a dearer size) is paid online as any order is; what is left of the credit (a cheaper one)
 * stays in the account. The pieces are taken from stock now; a variant short of them refuses the
 * whole exchange in words. Inside the caller's transaction; the same key again answers the order
 * already made.
 */
export async function placeExchange(
  work: UnitOfWork,
  original: OrderRow,
  pieces: readonly ExchangePiece[],
  creditPaise: number,
  key: string,
): Promise<OrderRow> {
  if (!work.inTransaction) throw new Error('placeExchange() runs inside the return’s transaction');
  const tx = work.db;
  const [earlier] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, original.userId), eq(orders.idempotencyKey, key)));
  if (earlier) return earlier;

  const returned = await tx.select().from(orderLines).where(eq(orderLines.orderId, original.id));
  const wanted = new Map<number, number>();
  for (const p of pieces) wanted.set(p.variantId, (wanted.get(p.variantId) ?? 0) + p.quantity);
  const variants = await tx
    .select({
      v: productVariants,
      name: products.name,
      hsnCode: products.hsnCode,
      categoryId: products.categoryId,
      productActive: products.isActive,
      size: sizes.name,
      color: colors.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(inArray(productVariants.id, [...wanted.keys()]));

  const problems = pieces.flatMap((p) => {
    const line = returned.find((l) => l.id === p.lineId);
    const variant = variants.find((r) => r.v.id === p.variantId);
    if (!line) return [`Line ${p.lineId} is not part of order #${original.id}`];
    if (!variant || variant.v.productId !== line.productId)
      return [`${line.name} (${line.size}) may be exchanged only for another size or colour of ${line.name}`];
    if (variant.v.id === line.variantId) return [`${line.name} (${line.size}) would be exchanged for itself`];
    if (!variant.v.isActive || !variant.productActive)
      return [`${variant.name} (${variant.size}, ${variant.color}) is no longer sold`];
    return [];
  });
  if (problems.length > 0) throw invalid(problems);
  const short = (stock: (id: number) => number) =>
    variants.flatMap(({ v, name, size, color }) =>
      stock(v.id) >= wanted.get(v.id)! ? [] : [`${name} (${size}, ${color}) has ${stock(v.id)} left`],
    );
  const outOfStock = (found: string[]) =>
    new AppError('conflict', `${found.join('; ')}: accept the return as store credit or a refund instead`, found);
  const firstLook = short((id) => variants.find((r) => r.v.id === id)!.v.stock);
  if (firstLook.length > 0) throw outOfStock(firstLook);

  const lines: CartToOrderLine[] = variants.map((r) => ({ ...r, quantity: wanted.get(r.v.id)! }));
  const [settings, seller] = await Promise.all([settingsOf(work), sellerOf(work)]);
  const { quote } = await priceBag(
    tx,
    { userId: original.userId, guest: false, email: original.email },
    bagLines(lines),
    { shippingRatePaise: 0, codFeePaise: 0, intraState: isIntraState(original, seller.state), creditPaise },
  );
  const order = await insertOrderRow(tx, {
    userId: original.userId,
    subtotalPaise: quote.subtotalPaise,
    shippingPaise: 0,
    discountPaise: quote.discountPaise,
    codFeePaise: 0,
    totalPaise: quote.totalPaise,
    creditPaise: quote.creditPaise,
    discountCodeId: null,
    discountCode: null,
    shippingType: original.shippingType,
    paymentMethod: 'ONLINE',
    name: original.name,
    email: original.email,
    phone: original.phone,
    address: original.address,
    locality: original.locality,
    city: original.city,
    state: original.state,
    pincode: original.pincode,
    country: original.country,
    idempotencyKey: key,
    paymentDueAt: new Date(Date.now() + settings.payment_window_minutes * 60_000),
    exchangeOf: original.id,
  });
  await insertQuotedLines(tx, order.id, lines, quote);
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    toStatus: 'created',
    actor: actorLabel(work.actor),
    note: `exchange for order #${original.id}`,
  });
  const paidByCredit = quote.creditPaise > 0 ? await payWithCredit(work, order) : null;
  const locked = await decrementStock(
    tx,
    lines.map((l) => ({ variantId: l.v.id, quantity: l.quantity })),
  );
  const shortNow = short((id) => locked.get(id) ?? 0);
  if (shortNow.length > 0) throw outOfStock(shortNow);
  await stockMoved(
    work,
    lines.map((l) => ({
      productId: l.v.productId,
      before: locked.get(l.v.id)!,
      after: locked.get(l.v.id)! - l.quantity,
    })),
  );
  if (!paidByCredit || quote.payablePaise > 0) return order;
  // The returned pieces' worth pays it all: paid as it is made, and packed like any paid order.
  const { order: paid } = await fireOrderEvent(work.as({ kind: 'provider', via: 'store_credit' }), order.id, {
    type: 'pay',
    paymentId: paidByCredit,
  });
  return paid;
}

/** What the return's mail and the back office say of an exchange's replacement. */
export const exchangeWords = (replacement: OrderRow) =>
  replacement.paidAt
    ? `the replacement is order #${replacement.id}`
    : `the replacement is order #${replacement.id}: ${formatRupees(toRupees(replacement.totalPaise - replacement.creditPaise))} left to pay`;
