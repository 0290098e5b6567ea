import { toRupees, type CodSettings, type Quote as QuoteView, type User } from '@shop/contract';
import type { z } from 'zod';
import type { QuoteBody as QuoteBodySchema } from '@shop/contract';
import type { UnitOfWork } from '../../context';
import { getAddress } from '../addresses/addresses.service';
import { isIntraState } from '../pricing/tax';
import { sellerOf, settingsOf } from '../settings/settings.service';
import { balanceOf } from '../credit/credit.service';
import { codFeePaise } from './cod';
import { shippingPaiseOf } from '../shipping/shipping.service';
import { priceBag, type PricedBag } from './bag-price';
import { buyerOf } from './buyer';
import { bagLines, cartToOrder } from './place-order';

/** A priced bag as the checkout shows it, in rupees. */
export function quoteView({ quote, code, refusal }: PricedBag, cod: CodSettings, creditAvailablePaise = 0): QuoteView {
  return {
    lines: quote.lines.map((l) => ({
      product_variant_id: l.variantId,
      quantity: l.quantity,
      unit_price: toRupees(l.unitPricePaise),
      discount: toRupees(l.discountPaise),
      amount: toRupees(l.paidPaise),
      gst_rate: l.ratePercent,
    })),
    subtotal: toRupees(quote.subtotalPaise),
    discount: toRupees(quote.discountPaise),
    discount_code: code?.code ?? null,
    code_refusal: refusal ? { reason: refusal.reason, message: refusal.message } : null,
    shipping: toRupees(quote.shipping.paise + quote.shippingWaivedPaise),
    shipping_waived: toRupees(quote.shippingWaivedPaise),
    cod_fee: toRupees(quote.codFee?.paise ?? 0),
    total: toRupees(quote.totalPaise),
    credit: toRupees(quote.creditPaise),
    credit_available: toRupees(creditAvailablePaise),
    payable: toRupees(quote.payablePaise),
    cod_offer: cod.enabled ? { fee: cod.fee, min_order: cod.min_order, max_order: cod.max_order } : null,
  };
}

/**
 * The checkout's preview: the shopper's bag priced as placing it now would
 * price it, for one of their addresses (India's rates without one), a
 * shipping type, a code and the account's store credit. A code that does not hold is not an error here:
 * the answer says why and prices the bag without it.
 */
export async function quoteCheckout(
  work: UnitOfWork,
  user: User,
  body: z.output<typeof QuoteBodySchema>,
): Promise<QuoteView> {
  const { priced, settings, creditAvailable } = await priceCart(work, user, body);
  return quoteView(priced, settings.cod, creditAvailable);
}

/** The shopper's cart priced by the one quote, as `quoteCheckout` asks; `onSale` leaves out what cannot be bought now. */
async function priceCart(
  work: UnitOfWork,
  user: User,
  body: z.output<typeof QuoteBodySchema>,
  opts: { onSale?: boolean } = {},
) {
  const to = body.address ? await getAddress(work.db, user.id, body.address) : { country: 'India', state: '' };
  const [shippingRate, seller, settings, all, creditAvailable] = await Promise.all([
    shippingPaiseOf(work, to.country, body.shipping_type),
    sellerOf(work),
    settingsOf(work),
    cartToOrder(work.db).execute({ userId: user.id }),
    user.guest ? 0 : balanceOf(work.db, user.id),
  ]);
  const lines = opts.onSale ? all.filter((l) => l.productActive && l.v.isActive && l.v.stock > 0) : all;
  const priced = await priceBag(work.db, buyerOf(user), bagLines(lines), {
    shippingRatePaise: shippingRate,
    codFeePaise: codFeePaise(settings.cod, body.payment_method),
    intraState: isIntraState(to, seller.state),
    code: body.discount_code,
    creditPaise: body.use_credit ? creditAvailable : 0,
  });
  return { lines, priced, settings, creditAvailable };
}

/** One piece of a cart as a reminder shows it: the price is the quote's line. */
export interface CartPiece {
  name: string;
  size: string;
  color: string;
  quantity: number;
  paidPaise: number;
}

/**
 * The shopper's cart as a reminder shows it (docs/product.md 'Messages to shoppers'):
 * the pieces still on sale, each with the amount the one quote gives its line,
 * and the quote's subtotal; priced as the checkout would price it now, shipping
 * in India, no code, paid online.
 */
export async function cartPieces(
  work: UnitOfWork,
  user: User,
): Promise<{ pieces: CartPiece[]; subtotalPaise: number }> {
  const body = { shipping_type: 'standard', payment_method: 'ONLINE', use_credit: false } as const;
  const { lines, priced } = await priceCart(work, user, body, { onSale: true });
  const byVariant = new Map(priced.quote.lines.map((l) => [l.variantId, l]));
  return {
    pieces: lines.map((l) => ({
      name: l.name,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      paidPaise: byVariant.get(l.v.id)?.paidPaise ?? 0,
    })),
    subtotalPaise: priced.quote.subtotalPaise,
  };
}
