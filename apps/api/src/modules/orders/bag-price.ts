import { and, isNull, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { collectionsOfProducts } from '../catalog/product-groups';
import { findCode, findCodeToUse, rulesOf, type DiscountCodeRow } from '../discounts/discounts.service';
import { checkCode, unknownCode, type BuyerFacts, type CodeRefusal } from '../pricing/discount-terms';
import { quote, type Quote } from '../pricing/quote';
import { ordersOfBuyer, type Buyer } from './buyer';
import { orders } from './orders.schema';

/** A line of a bag as it is priced: its variant as it is now. */
export interface BagLine {
  variantId: number;
  productId: number;
  categoryId: number | null;
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
}

export interface BagTerms {
  shippingRatePaise: number;
  codFeePaise: number;
  intraState: boolean;
  /** The code asked for, as typed. */
  code?: string | undefined;
  /** Priced to place an order, in its transaction: the code is read as takeUse needs it (findCodeToUse). */
  toPlace?: boolean;
  /** Store credit to spend, at most (the quote spends what the total takes). */
  creditPaise?: number;
  now?: Date;
}

export interface PricedBag {
  quote: Quote;
  /** The code applied, when one was asked for and holds. */
  code: (DiscountCodeRow & { shared?: boolean }) | null;
  /** Why the code asked for does not apply. */
  refusal: CodeRefusal | null;
}

/** An order that still counts: not one that ended unpaid (cancelled or expired), whose code use was given back. */
export const holdsAUse = not(
  and(sql`${orders.status} in ('user_cancelled', 'store_cancelled')`, isNull(orders.paidAt))!,
);

/** What the code's conditions ask of the buyer's history, read only when it asks. */
async function buyerFacts(db: DbOrTx, code: DiscountCodeRow, buyer: Buyer): Promise<BuyerFacts> {
  const facts: BuyerFacts = { usesOfCode: 0, ordersBefore: 0 };
  if (code.maxUsesPerBuyer === null && !code.firstOrderOnly) return facts;
  const [row] = await db
    .select({
      uses: sql<number>`count(*) filter (where ${orders.discountCodeId} = ${code.id})::int`,
      orders: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(ordersOfBuyer(buyer), holdsAUse));
  return { usesOfCode: row?.uses ?? 0, ordersBefore: row?.orders ?? 0 };
}

/**
 * The one price of a bag for a buyer (pricing/quote.ts), with the code asked
 * for checked against the bag and the buyer's history: a code that does not
 * hold is left out of the price and its refusal said. Reads nothing more
 * than the code needs.
 */
export async function priceBag(
  db: DbOrTx,
  buyer: Buyer,
  lines: readonly BagLine[],
  terms: BagTerms,
): Promise<PricedBag> {
  let code: PricedBag['code'] = null;
  let refusal: CodeRefusal | null = null;
  let discount: Parameters<typeof quote>[0]['discount'] = null;
  let discountable: ReadonlySet<number> = new Set();
  if (terms.code) {
    const row = await (terms.toPlace ? findCodeToUse : findCode)(db, terms.code);
    if (!row) refusal = unknownCode();
    else {
      const collections = row.collectionIds.length
        ? await collectionsOfProducts(db, [...new Set(lines.map((l) => l.productId))])
        : new Map<number, number[]>();
      const checked = checkCode(
        rulesOf(row),
        lines.map((l) => ({ ...l, collectionIds: collections.get(l.productId) ?? [] })),
        await buyerFacts(db, row, buyer),
        terms.now ?? new Date(),
      );
      if (checked.ok) {
        code = row;
        discount = checked.terms;
        discountable = checked.discountable;
      } else refusal = checked;
    }
  }
  const priced = quote({
    lines: lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      unitPricePaise: l.unitPricePaise,
      discountable: discountable.has(l.variantId),
    })),
    shippingPaise: terms.shippingRatePaise,
    discount,
    codFeePaise: terms.codFeePaise,
    creditPaise: terms.creditPaise ?? 0,
    intraState: terms.intraState,
  });
  return { quote: priced, code, refusal };
}
