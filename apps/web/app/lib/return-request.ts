import type { FieldErrors } from './form';

/** What a return request's form says: the pieces (`qty_<line id>`), why, and what the shopper would like. */
export type ReturnFields = {
  return_lines: { line_id: number; quantity: number; exchange_variant_id?: number }[];
  return_reason: 'size' | 'quality' | 'wrong_item' | 'other';
  return_wish: 'refund' | 'credit' | 'exchange';
};

const REASONS = ['size', 'quality', 'wrong_item', 'other'] as const;
const WISHES = ['refund', 'credit', 'exchange'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

/**
 * The return part of the contact form, read and checked as the API checks it (docs/product.md
 * 'After the sale'): at least one piece, a reason and a wish, and for an exchange the size or
 * colour wanted for each piece (`swap_<line id>`); the API checks the pieces against the order.
 */
export function returnOfForm(form: FormData): { ok: true; fields: ReturnFields } | { ok: false; errors: FieldErrors } {
  const lines = [...form.keys()]
    .filter((k) => /^qty_\d{1,10}$/.test(k))
    .map((k) => ({ line_id: Number(k.slice(4)), quantity: Number(form.get(k) ?? '0') }))
    .filter((l) => l.quantity !== 0);
  const reason = form.get('return_reason');
  const wish = form.get('return_wish') ?? 'refund';
  const errors: FieldErrors = {};
  if (lines.length === 0 || lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 0))
    errors.return_lines = 'Choose how many of each piece you are sending back';
  else if (wish === 'exchange') {
    for (const l of lines) {
      const swap = Number(form.get(`swap_${l.line_id}`) || '0');
      if (Number.isInteger(swap) && swap > 0) Object.assign(l, { exchange_variant_id: swap });
      else errors.return_lines = 'Choose the size or colour you would like for each piece';
    }
  }
  if (!isOneOf(REASONS, reason)) errors.return_reason = 'Choose why it is coming back';
  if (!isOneOf(WISHES, wish)) errors.return_wish = 'Choose what you would like instead';
  if (Object.keys(errors).length > 0 || !isOneOf(REASONS, reason) || !isOneOf(WISHES, wish))
    return { ok: false, errors };
  return { ok: true, fields: { return_lines: lines, return_reason: reason, return_wish: wish } };
}
