// Whether a discount code applies to a cart, and to which of its lines (docs/product.md 'Discount codes').
// Pure: the caller reads the code, the cart and the buyer's history; this decides.
import { formatRupees, SHOP_TIME_ZONE, toRupees } from '@shop/contract';
import type { DiscountTerms } from './quote';

export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export interface DiscountCodeRules {
  code: string;
  kind: DiscountKind;
  /** Percent off (1–90), paise off, or 0 for free shipping. */
  value: number;
  minSubtotalPaise: number;
  startsAt: Date | null;
  /** The first moment it no longer works. */
  endsAt: Date | null;
  maxUses: number | null;
  uses: number;
  maxUsesPerBuyer: number | null;
  firstOrderOnly: boolean;
  /** Empty both: every product. Else products of one of these categories or collections. */
  categoryIds: readonly number[];
  collectionIds: readonly number[];
  excludeSaleItems: boolean;
  active: boolean;
}

export interface CartLineFacts {
  variantId: number;
  quantity: number;
  unitPricePaise: number;
  mrpPaise: number;
  categoryId: number | null;
  collectionIds: readonly number[];
}

export interface BuyerFacts {
  /** Orders this buyer placed with the code and still counts (not given back). */
  usesOfCode: number;
  /** Orders this buyer placed before that were not cancelled unpaid. */
  ordersBefore: number;
}

export const CODE_REFUSALS = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'used_by_you',
  'minimum',
  'first_order',
  'not_for_items',
] as const;
export type CodeRefusalReason = (typeof CODE_REFUSALS)[number];

export interface CodeRefusal {
  ok: false;
  reason: CodeRefusalReason;
  message: string;
}

export interface CodeAccepted {
  ok: true;
  terms: DiscountTerms;
  /** The variants whose lines the discount reaches. */
  discountable: ReadonlySet<number>;
}

const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export const unknownCode = (): CodeRefusal => ({
  ok: false,
  reason: 'unknown',
  message: 'We do not know this code. Check its spelling and try again.',
});

const refuse = (reason: CodeRefusalReason, message: string): CodeRefusal => ({ ok: false, reason, message });

export const termsOf = (rules: Pick<DiscountCodeRules, 'kind' | 'value'>): DiscountTerms =>
  rules.kind === 'percent'
    ? { kind: 'percent', percent: rules.value }
    : rules.kind === 'amount'
      ? { kind: 'amount', paise: rules.value }
      : { kind: 'free_shipping' };

/** Whether a line may take the code's discount: its product is in the code's categories or collections, and not on sale when sales are left out. */
function reaches(rules: DiscountCodeRules, line: CartLineFacts): boolean {
  if (rules.excludeSaleItems && line.unitPricePaise < line.mrpPaise) return false;
  if (rules.categoryIds.length === 0 && rules.collectionIds.length === 0) return true;
  return (
    (line.categoryId !== null && rules.categoryIds.includes(line.categoryId)) ||
    line.collectionIds.some((c) => rules.collectionIds.includes(c))
  );
}

/**
 * Checks a code against a cart and its buyer at a moment, in the order a
 * shopper can act on: whether it works at all, then for them, then for this
 * cart. A refusal says why in words.
 */
export function checkCode(
  rules: DiscountCodeRules,
  lines: readonly CartLineFacts[],
  buyer: BuyerFacts,
  now: Date,
): CodeAccepted | CodeRefusal {
  if (!rules.active) return refuse('inactive', `The code ${rules.code} is no longer available.`);
  if (rules.startsAt && now < rules.startsAt) {
    return refuse('not_started', `The code ${rules.code} starts on ${day.format(rules.startsAt)}.`);
  }
  if (rules.endsAt && now >= rules.endsAt) {
    return refuse('expired', `The code ${rules.code} expired on ${day.format(new Date(rules.endsAt.getTime() - 1))}.`);
  }
  if (rules.maxUses !== null && rules.uses >= rules.maxUses) {
    return refuse('used_up', `The code ${rules.code} has been used up.`);
  }
  if (rules.maxUsesPerBuyer !== null && buyer.usesOfCode >= rules.maxUsesPerBuyer) {
    return refuse('used_by_you', `You have already used the code ${rules.code}.`);
  }
  if (rules.firstOrderOnly && buyer.ordersBefore > 0) {
    return refuse('first_order', `The code ${rules.code} is for a first order only.`);
  }
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0);
  if (subtotal < rules.minSubtotalPaise) {
    const more = formatRupees(toRupees(rules.minSubtotalPaise - subtotal));
    return refuse('minimum', `Add ${more} more to your bag to use the code ${rules.code}.`);
  }
  const discountable = new Set(lines.filter((l) => reaches(rules, l)).map((l) => l.variantId));
  // A free-shipping code limited to some items ships free only a bag holding one of them.
  if (discountable.size === 0) {
    return refuse('not_for_items', `The code ${rules.code} is not for the items in your bag.`);
  }
  return { ok: true, terms: termsOf(rules), discountable };
}
