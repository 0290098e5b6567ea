import { MESSAGES } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { ordersOfBuyer, type Buyer } from './buyer';
import { orderLines, orders } from './orders.schema';

const held = { variantId: orderLines.variantId, n: sql<number>`sum(${orderLines.quantity})::int` };
const unpaid = sql`${orders.status} in ('created', 'payment_pending')`;
/** Pieces of each variant in an account's unpaid orders (awaiting or pending payment). */
const heldPieces = preparedQuery((tx) =>
  tx
    .select(held)
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.userId, sql.placeholder('userId')), unpaid))
    .groupBy(orderLines.variantId)
    .prepare('unpaid_pieces'),
);

/** The same for any buyer: a guest's are counted over every order with their email. */
const heldPiecesOf = (tx: DbOrTx, buyer: Buyer) =>
  buyer.guest
    ? tx
        .select(held)
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(ordersOfBuyer(buyer), unpaid))
        .groupBy(orderLines.variantId)
    : heldPieces(tx).execute({ userId: buyer.userId });

/** A line the shopper is ordering (a cart line with its variant), with the names the refusal shows. */
export interface WantedPieces {
  v: { id: number };
  quantity: number;
  name: string;
  size: string;
  color: string;
}

/**
 * A shopper holds at most `limit` pieces of one variant in unpaid orders, this
 * order's included: sign-ups are free, and unpaid orders take stock off sale
 * for the payment window. Called inside the placing transaction once the
 * shopper's row is locked, so two checkouts of one shopper count in turn.
 */
export async function refuseHoarding(
  tx: DbOrTx,
  buyer: Buyer,
  wanted: readonly WantedPieces[],
  limit: number,
): Promise<void> {
  const heldNow = new Map((await heldPiecesOf(tx, buyer)).map((r) => [r.variantId, r.n]));
  const problems = wanted.flatMap(({ v, quantity, name, size, color }) => {
    const already = heldNow.get(v.id) ?? 0;
    if (already + quantity <= limit) return [];
    const piece = `${name} (${size}/${color})`;
    if (already === 0) return [`You may hold at most ${limit} of ${piece} in unpaid orders; order at most ${limit}.`];
    const room = limit - already;
    const more = room > 0 ? `, or order at most ${room} more` : '';
    return [`You already hold ${already} of ${piece} in unpaid orders; pay or cancel them first${more}.`];
  });
  if (problems.length > 0) throw new AppError('conflict', MESSAGES.unpaidPiecesLimit, problems, 'unpaid_pieces_limit');
}
