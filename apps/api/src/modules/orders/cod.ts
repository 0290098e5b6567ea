import {
  COD_UNAVAILABLE,
  MESSAGES,
  formatRupees,
  toRupees,
  type CodConfirmation,
  type CodRefusal,
  type CodSettings,
  type PaymentMethod,
} from '@shop/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { OrderRow } from './order-state';
import { orders } from './orders.schema';

/**
 * Cash on delivery's rules at checkout (docs/product.md 'Cash on delivery'):
 * its fee, priced by the one quote, and the refusals, each with its reason.
 */

/** A COD order still on its way to being paid at the door: the orders a phone may hold only so many of. */
export const OPEN_COD_STATUSES = ['created', 'packaging', 'shipped'] as const;

/** The fee the quote adds for the way to pay: the owner's COD fee, only while COD is on. */
export const codFeePaise = (cod: CodSettings, method: PaymentMethod): number =>
  method === 'COD' && cod.enabled ? Math.round(cod.fee * 100) : 0;

const refusal = (reason: CodRefusal, message: string, errors: string[] = [message]) =>
  new AppError('invalid', message, errors, reason);

/** A refused PIN code is the whole code or its first digits. */
export const pincodeRefused = (cod: CodSettings, pincode: string): boolean => {
  const digits = pincode.replace(/\D/g, '');
  return cod.refused_pincodes.some((p) => digits.startsWith(p));
};

/** What does not depend on the bag: COD on, an address in India, a PIN code served. Throws the refusal. */
export function refuseCodAddress(cod: CodSettings, address: { country: string; pincode: string }): void {
  if (!cod.enabled) throw refusal('cod_off', COD_UNAVAILABLE);
  if (address.country !== 'India') throw refusal('cod_abroad', MESSAGES.codAbroad);
  if (pincodeRefused(cod, address.pincode)) {
    throw refusal('cod_pincode', MESSAGES.codPincode, [
      `${MESSAGES.codPincode} (${address.pincode.trim()}) Please pay online.`,
    ]);
  }
}

/**
 * The order's value, before the COD fee, must be within the owner's range:
 * the range is what the goods and their shipping are worth, so the fee never
 * tips an order in or out of it.
 */
export function refuseCodValue(cod: CodSettings, valuePaise: number): void {
  const min = Math.round(cod.min_order * 100);
  const max = Math.round(cod.max_order * 100);
  if (valuePaise >= min && valuePaise <= max) return;
  const range = `${formatRupees(cod.min_order)} to ${formatRupees(cod.max_order)}`;
  const message = `Cash on Delivery is available for orders of ${range}.`;
  throw refusal('cod_range', message, [
    `${message} This order is ${formatRupees(toRupees(valuePaise))}: please pay online${valuePaise < min ? ', or add more to your bag' : ''}.`,
  ]);
}

/**
 * At most the owner's number of open COD orders per delivery phone. Counted
 * under a lock of the phone (a transaction-scoped advisory lock), so two
 * checkouts to one phone at once, from two accounts, cannot both pass.
 */
export async function refuseOpenCodOrders(tx: DbOrTx, cod: CodSettings, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cod-phone:${phone}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.paymentMethod, 'COD'), eq(orders.phone, phone), inArray(orders.status, [...OPEN_COD_STATUSES])),
    );
  if ((row?.n ?? 0) >= cod.max_open_per_phone) throw refusal('cod_open_orders', MESSAGES.codOpenOrders);
}

/** How many COD parcels to the phone were refused at the door (shown on its next COD order in the back office). */
export async function refusedParcels(db: DbOrTx, phone: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.phone, phone), eq(orders.status, 'returned_to_origin')));
  return row?.n ?? 0;
}

/** Where a COD order stands with its confirmation; null for an order paid online. */
export function codConfirmationOf(order: Pick<OrderRow, 'paymentMethod' | 'codConfirmedAt' | 'status'>) {
  if (order.paymentMethod !== 'COD') return null;
  const state: CodConfirmation = order.codConfirmedAt
    ? 'confirmed'
    : order.status === 'created'
      ? 'awaiting_code'
      : 'not_confirmed';
  return state;
}
