import { DISCOUNT_KIND_LABELS, type DiscountKindName } from '@shop/contract';
import { Form } from 'react-router';
import { FieldError, TextAreaField, TextField } from '~/components/forms/fields';
import type { DiscountValues } from '~/lib/admin-discounts';
import { buttonClass } from '../ui/button';

/** A category or collection a code can be limited to. */
export interface GroupChoice {
  id: number;
  name: string;
  note?: string;
}

interface Props {
  values: DiscountValues;
  errors?: Partial<Record<string, string>> | undefined;
  categories: GroupChoice[];
  collections: GroupChoice[];
  submit: string;
}

const KIND_NOTES: Record<DiscountKindName, string> = {
  percent: 'A share of the pieces it applies to',
  amount: 'Rupees off the pieces it applies to',
  free_shipping: 'The shipping is waived',
};

/*
 * The value field follows the chosen kind in CSS (`:has(:checked)`), so the
 * form needs no script: the percent field for a percent off, the rupees field
 * for an amount off, neither for free shipping. The action reads the one the
 * kind names.
 */
const shownFor = {
  percent: 'hidden group-has-[input[name=kind][value=percent]:checked]/discount:block',
  amount: 'hidden group-has-[input[name=kind][value=amount]:checked]/discount:block',
  // Tailwind reads '_' as a space in a selector: escaped.
  free_shipping: String.raw`hidden group-has-[input[name=kind][value=free\_shipping]:checked]/discount:block`,
} as const;

const checkClass = 'size-5 shrink-0 accent-brand-dark';

function Flag({ name, label, note, checked }: { name: string; label: string; note: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-ink">
      <input type="checkbox" name={name} defaultChecked={checked} className={`${checkClass} mt-0.5`} />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-muted">{note}</span>
      </span>
    </label>
  );
}

function GroupBoxes({
  name,
  legend,
  items,
  chosen,
  error,
}: {
  name: string;
  legend: string;
  items: GroupChoice[];
  chosen: Set<string>;
  error?: string | undefined;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : `${name}-hint`}>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <p id={`${name}-hint`} className="mb-1 text-xs text-muted">
        None ticked: the code is for every one.
      </p>
      {items.length === 0 && <p className="text-sm text-muted">None in the shop yet.</p>}
      <div className="grid gap-x-4 sm:grid-cols-2 xl:grid-cols-3">
        {items.map((g) => (
          <label key={g.id} className="flex min-h-11 cursor-pointer items-center gap-2.5 text-ink">
            <input
              type="checkbox"
              name={name}
              value={g.id}
              defaultChecked={chosen.has(String(g.id))}
              className={checkClass}
            />
            <span className="break-words">
              {g.name}
              {g.note && <span className="block text-xs text-muted">{g.note}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

/** A discount code's form (new and edit): a plain post, so it works without scripts. */
export function DiscountForm({ values: v, errors: e = {}, categories, collections, submit }: Props) {
  const kind = (v.kind ?? 'percent') as DiscountKindName;
  const ids = (s: string | undefined) => new Set((s ?? '').split(',').filter(Boolean));
  return (
    <Form method="post" className="group/discount space-y-6" aria-label="Discount code">
      <input type="hidden" name="intent" value="save" />
      <TextField
        label="Code"
        name="code"
        required
        minLength={3}
        maxLength={32}
        pattern="[A-Za-z0-9_\-]+"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        hint="3 to 32 letters, digits, - or _. Shoppers may type it in any case."
        defaultValue={v.code ?? ''}
        error={e.code}
        className="max-w-sm"
      />

      <fieldset aria-describedby={e.kind ? 'kind-error' : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-ink">Kind</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {(Object.keys(DISCOUNT_KIND_LABELS) as DiscountKindName[]).map((k) => (
            <label
              key={k}
              className="flex cursor-pointer items-start gap-3 rounded-2xl border-2 border-linen bg-white p-3 has-[:checked]:border-brand-dark"
            >
              <input
                type="radio"
                name="kind"
                value={k}
                defaultChecked={kind === k}
                className="mt-1 size-4.5 shrink-0 accent-brand-dark"
              />
              <span>
                <span className="block font-semibold text-ink">{DISCOUNT_KIND_LABELS[k]}</span>
                <span className="block text-sm text-muted">{KIND_NOTES[k]}</span>
              </span>
            </label>
          ))}
        </div>
        {e.kind && <FieldError id="kind-error">{e.kind}</FieldError>}
      </fieldset>

      <div className="max-w-sm">
        <div className={shownFor.percent}>
          <TextField
            label="Percent off (%)"
            name="percent"
            inputMode="numeric"
            autoComplete="off"
            hint="A whole number from 1 to 90."
            defaultValue={v.percent ?? ''}
            error={kind === 'percent' ? e.value : undefined}
          />
        </div>
        <div className={shownFor.amount}>
          <TextField
            label="Amount off (₹)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            hint="In rupees; never more than what the code applies to."
            defaultValue={v.amount ?? ''}
            error={kind === 'amount' ? e.value : undefined}
          />
        </div>
        <p className={`${shownFor.free_shipping} rounded-xl bg-sand px-4 py-3 text-sm text-ink`}>
          Free shipping takes nothing off the pieces: the order&apos;s shipping is waived.
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Minimum order (₹)"
          name="min_subtotal"
          type="number"
          min={0}
          step="0.01"
          inputMode="decimal"
          optional
          hint="The bag at today's prices. Empty: no minimum."
          defaultValue={v.min_subtotal ?? ''}
          error={e.min_subtotal}
        />
        <div className="hidden sm:block" />
        <TextField
          label="Starts (India time)"
          name="starts_at"
          type="datetime-local"
          optional
          hint="Empty: at once."
          defaultValue={v.starts_at ?? ''}
          error={e.starts_at}
        />
        <TextField
          label="Ends (India time)"
          name="ends_at"
          type="datetime-local"
          optional
          hint="Empty: no end."
          defaultValue={v.ends_at ?? ''}
          error={e.ends_at}
        />
        <TextField
          label="Total uses"
          name="max_uses"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          optional
          hint="Counted when an order is placed. Empty: no limit."
          defaultValue={v.max_uses ?? ''}
          error={e.max_uses}
        />
        <TextField
          label="Uses per shopper"
          name="max_uses_per_buyer"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          optional
          hint="An account, or a guest's email. Empty: no limit."
          defaultValue={v.max_uses_per_buyer ?? ''}
          error={e.max_uses_per_buyer}
        />
      </div>

      <div className="space-y-1">
        <Flag
          name="first_order_only"
          label="First order only"
          note="For a shopper with no order yet (unpaid ones that were cancelled or expired do not count)."
          checked={v.first_order_only === 'on'}
        />
        <Flag
          name="exclude_sale_items"
          label="Leave out pieces on sale"
          note="Pieces priced below their MRP get no discount."
          checked={v.exclude_sale_items === 'on'}
        />
      </div>

      <div className="space-y-6">
        <GroupBoxes
          name="category_ids"
          legend="Only for these categories"
          items={categories}
          chosen={ids(v.category_ids)}
          error={e.category_ids}
        />
        <GroupBoxes
          name="collection_ids"
          legend="Only for these collections"
          items={collections}
          chosen={ids(v.collection_ids)}
          error={e.collection_ids}
        />
      </div>

      <TextAreaField
        label="Note (for the shop; shoppers never see it)"
        name="note"
        optional
        maxLength={300}
        rows={3}
        defaultValue={v.note ?? ''}
        error={e.note}
      />

      <Flag
        name="active"
        label="On"
        note="Shoppers can use it between its dates. Off: refused at checkout, kept here."
        checked={v.active === 'on'}
      />

      <button type="submit" className={buttonClass.dark}>
        {submit}
      </button>
    </Form>
  );
}
