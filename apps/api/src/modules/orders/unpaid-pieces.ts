import { MESSAGES } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors';
import { cartLines } from '../cart/cart.schema';
import { orderLines, orders } from './orders.schema';

const unpaid = sql`${orders.status} in ('created', 'payment_pending')`;

/**
 * Pieces of a cart line's variant in the buyer's unpaid orders (awaiting or
 * pending payment), a column of the cart's read (place-order.ts): `buyerOrders`
 * says whose orders (buyer.ts), with the read's placeholders.
 */
export const heldPieces = (buyerOrders: SQL) =>
  sql<number>`coalesce((select sum(${orderLines.quantity}) from ${orders}
    inner join ${orderLines} on ${orderLines.orderId} = ${orders.id}
    where ${buyerOrders} and ${unpaid} and ${orderLines.variantId} = ${cartLines.variantId}), 0)::int`;

/** A line the shopper is ordering (a cart line with its variant), with the names the refusal shows. */
export interface WantedPieces {
  quantity: number;
  /** Pieces of its variant the buyer holds in unpaid orders already (heldPieces). */
  held: number;
  name: string;
  size: string;
  color: string;
}

/**
 * A shopper holds at most `limit` pieces of one variant in unpaid orders, this
 * order's included: sign-ups are free, and unpaid orders take stock off sale
 * for the payment window. The pieces held are read inside the placing
 * transaction once the shopper's row is locked, so two checkouts of one
 * shopper count in turn.
 */
export function refuseHoarding(wanted: readonly WantedPieces[], limit: number): void {
  const problems = wanted.flatMap(({ held: already, quantity, name, size, color }) => {
    if (already + quantity <= limit) return [];
    const piece = `${name} (${size}/${color})`;
    if (already === 0) return [`You may hold at most ${limit} of ${piece} in unpaid orders; order at most ${limit}.`];
    const room = limit - already;
    const more = room > 0 ? `, or order at most ${room} more` : '';
    return [`You already hold ${already} of ${piece} in unpaid orders; pay or cancel them first${more}.`];
  });
  if (problems.length > 0) throw new AppError('conflict', MESSAGES.unpaidPiecesLimit, problems, 'unpaid_pieces_limit');
}
