import { DiscountBody, formatRupees, type AdminDiscount } from '@shop/contract';
import type { FieldErrors } from './form';
import { formatWhen } from './dates';
import { fromIstInput, istInput } from './ist-input';

/** What a shopper meets with a code now, as the back office says it. */
export const DISCOUNT_STATES = [
  ['live', 'Live'],
  ['scheduled', 'Scheduled'],
  ['ended', 'Ended'],
  ['used_up', 'Used up'],
  ['off', 'Off'],
] as const satisfies readonly (readonly [AdminDiscount['state'], string])[];

export const stateLabel = (state: AdminDiscount['state']) => DISCOUNT_STATES.find(([s]) => s === state)![1];

/** '10% off', '₹200 off', 'Free shipping'. */
export function offerText(d: Pick<AdminDiscount, 'kind' | 'value'>): string {
  if (d.kind === 'percent') return `${d.value}% off`;
  if (d.kind === 'amount') return `${formatRupees(d.value)} off`;
  return 'Free shipping';
}

/** The code's conditions in a few words each: minimum, dates, uses, limits. */
export function conditionsOf(d: AdminDiscount): string[] {
  const parts: string[] = [];
  parts.push(d.min_subtotal > 0 ? `Min. order ${formatRupees(d.min_subtotal)}` : 'No minimum');
  if (d.starts_at) parts.push(`From ${formatWhen(d.starts_at)}`);
  if (d.ends_at) parts.push(`Until ${formatWhen(d.ends_at)}`);
  parts.push(d.max_uses === null ? `Uses ${d.uses}` : `Uses ${d.uses} / ${d.max_uses}`);
  if (d.max_uses_per_buyer !== null) parts.push(`${d.max_uses_per_buyer} per shopper`);
  if (d.first_order_only) parts.push('First order only');
  const groups = d.category_ids.length + d.collection_ids.length;
  if (groups > 0) parts.push(`Only ${groups} categor${groups === 1 ? 'y or collection' : 'ies or collections'}`);
  if (d.exclude_sale_items) parts.push('Not on sale items');
  return parts;
}

/** The discount form's fields as typed (strings), to draw it again after a refusal. */
export type DiscountValues = Record<string, string>;

const FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'min_subtotal',
  'starts_at',
  'ends_at',
  'max_uses',
  'max_uses_per_buyer',
  'note',
] as const;
const FLAGS = ['first_order_only', 'exclude_sale_items', 'active'] as const;

/** The form's values of a saved code (dates as India time for datetime-local). */
export const discountValues = (d: AdminDiscount): DiscountValues => ({
  code: d.code,
  kind: d.kind,
  percent: d.kind === 'percent' ? String(d.value) : '',
  amount: d.kind === 'amount' ? String(d.value) : '',
  min_subtotal: d.min_subtotal > 0 ? String(d.min_subtotal) : '',
  starts_at: istInput(d.starts_at),
  ends_at: istInput(d.ends_at),
  max_uses: d.max_uses === null ? '' : String(d.max_uses),
  max_uses_per_buyer: d.max_uses_per_buyer === null ? '' : String(d.max_uses_per_buyer),
  note: d.note,
  first_order_only: d.first_order_only ? 'on' : '',
  exclude_sale_items: d.exclude_sale_items ? 'on' : '',
  active: d.active ? 'on' : '',
  category_ids: d.category_ids.join(','),
  collection_ids: d.collection_ids.join(','),
});

/** A new code starts on, with nothing else set. */
export const NEW_DISCOUNT: DiscountValues = { kind: 'percent', active: 'on' };

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};
/** '' is none; anything that is not a number stays NaN for the schema to refuse in its words. */
const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s.trim()));
const idsOf = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map(String)
    .filter((s) => /^\d{1,10}$/.test(s));

export type ReadDiscount =
  | { ok: true; body: DiscountBody; values: DiscountValues }
  | { ok: false; fieldErrors: FieldErrors; values: DiscountValues };

/**
 * The posted form → the API's body, checked with the contract's schema
 * (the API checks it again). The value comes from the percent or the rupees
 * field by the kind chosen; dates are typed in India time.
 */
export function readDiscountForm(form: FormData): ReadDiscount {
  const values: DiscountValues = Object.fromEntries(FIELDS.map((f) => [f, text(form, f)]));
  for (const f of FLAGS) values[f] = form.get(f) === 'on' ? 'on' : '';
  const categoryIds = idsOf(form, 'category_ids');
  const collectionIds = idsOf(form, 'collection_ids');
  values.category_ids = categoryIds.join(',');
  values.collection_ids = collectionIds.join(',');

  const errors: FieldErrors = {};
  const kind = values.kind!;
  const typed = kind === 'percent' ? values.percent! : kind === 'amount' ? values.amount! : '0';
  if (typed.trim() === '' && (kind === 'percent' || kind === 'amount')) {
    errors.value = kind === 'percent' ? 'Write the percent off, 1 to 90' : 'Write the rupees off';
  }
  const startsAt = fromIstInput(values.starts_at!);
  const endsAt = fromIstInput(values.ends_at!);
  // fromIstInput's only number is NaN: a date it could not read.
  if (typeof startsAt === 'number') errors.starts_at = 'Write a day and a time';
  if (typeof endsAt === 'number') errors.ends_at = 'Write a day and a time';

  const body = {
    code: values.code!,
    kind,
    value: numberOrNull(typed) ?? Number.NaN,
    min_subtotal: numberOrNull(values.min_subtotal!) ?? 0,
    starts_at: startsAt,
    ends_at: endsAt,
    max_uses: numberOrNull(values.max_uses!),
    max_uses_per_buyer: numberOrNull(values.max_uses_per_buyer!),
    first_order_only: values.first_order_only === 'on',
    category_ids: categoryIds.map(Number),
    collection_ids: collectionIds.map(Number),
    exclude_sale_items: values.exclude_sale_items === 'on',
    active: values.active === 'on',
    note: values.note!,
  };
  const checked = DiscountBody.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  }
  if (!checked.success || Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors, values };
  return { ok: true, body: checked.data, values };
}

/**
 * The field an API refusal is about, for the reasons it gives past the
 * schema (a name taken, a limit below the uses counted, a category gone).
 */
export function fieldOfRefusal(reason: string): string | null {
  const named = /^([a-z_]+)(?:\.\d+)?: /.exec(reason)?.[1];
  if (named && (named === 'value' || (FIELDS as readonly string[]).includes(named) || named.endsWith('_ids')))
    return named;
  if (/already a code|keeps its name/i.test(reason)) return 'code';
  if (/total uses/i.test(reason)) return 'max_uses';
  if (/no category/i.test(reason)) return 'category_ids';
  if (/no collection/i.test(reason)) return 'collection_ids';
  return null;
}
