import { ACCESSORIES_PARENT, formatRupees, type Category, type Facets } from '@shop/contract';
import { useEffect, useId, useState } from 'react';

/** One part of the filter form, with its legend. */
export function Section({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-t border-linen py-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-3 w-full text-xs font-bold tracking-[0.15em] text-ink uppercase">
        {legend}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

// The real checkbox lies invisible over its pill, so a tap or click lands on it directly.
const overlay = 'peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0';
const pill =
  'flex min-h-10 cursor-pointer items-center justify-center gap-1.5 rounded-full border px-2.5 py-1.5 text-[13px] font-semibold whitespace-nowrap transition select-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-dark';

interface PillOption {
  id: number;
  value: string;
  /** A colour's swatch. */
  swatch?: string;
}

/** Checkboxes drawn as pills (sizes in a grid, colours with their swatch), several at once. */
export function PillChoices({
  name,
  options,
  chosen,
  onToggle,
  columns = false,
}: {
  name: string;
  options: PillOption[];
  chosen: string[];
  onToggle: (value: string) => void;
  columns?: boolean;
}) {
  const uid = useId();
  return (
    <ul className={columns ? 'grid grid-cols-3 gap-2' : 'flex flex-wrap gap-1.5'}>
      {options.map((o) => {
        const checked = chosen.includes(o.value);
        const id = `${uid}-${name}-${o.id}`;
        return (
          <li key={o.id} className="relative">
            <input
              id={id}
              type="checkbox"
              name={name}
              value={o.value}
              checked={checked}
              onChange={() => onToggle(o.value)}
              className={overlay}
            />
            <label
              htmlFor={id}
              className={`${pill} ${o.swatch ? 'pl-1.5' : ''} ${
                checked ? 'border-ink bg-ink text-cream' : 'border-linen bg-white text-ink peer-hover:border-brand-dark'
              }`}
            >
              {o.swatch && (
                <span
                  aria-hidden="true"
                  className="size-5 shrink-0 rounded-full border border-black/15 shadow-inner"
                  style={{ backgroundColor: o.swatch }}
                />
              )}
              {o.value}
            </label>
          </li>
        );
      })}
    </ul>
  );
}

const priceInput =
  'mt-1 h-10 w-full rounded-xl border border-linen bg-white px-3 text-sm text-ink focus-visible:border-brand-dark';

/**
 * Min and max price and Apply: a submit button, so the form sends them
 * without scripts; with them, Apply (or Enter in a field) applies the range
 * in place, the two swapped when given the wrong way round.
 */
export function PriceRange({
  price,
  min,
  max,
  onApply,
}: {
  price: Facets['price'];
  min: number | undefined;
  max: number | undefined;
  onApply: (lo: number | undefined, hi: number | undefined) => void;
}) {
  const [low, setLow] = useState(min?.toString() ?? '');
  const [high, setHigh] = useState(max?.toString() ?? '');
  useEffect(() => setLow(min?.toString() ?? ''), [min]);
  useEffect(() => setHigh(max?.toString() ?? ''), [max]);

  const apply = (e: React.MouseEvent) => {
    e.preventDefault();
    const num = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? undefined : Math.max(0, Number(v)));
    let lo = num(low);
    let hi = num(high);
    if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
    onApply(lo, hi);
  };

  return (
    <>
      <div className="flex items-end gap-2">
        <label className="flex-1 text-xs font-semibold text-muted">
          Min (₹)
          <input
            type="number"
            name="min_price"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={String(Math.floor(price.min))}
            value={low}
            onChange={(e) => setLow(e.target.value)}
            className={priceInput}
          />
        </label>
        <span aria-hidden="true" className="pb-2.5 text-muted">
          –
        </span>
        <label className="flex-1 text-xs font-semibold text-muted">
          Max (₹)
          <input
            type="number"
            name="max_price"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={String(Math.ceil(price.max))}
            value={high}
            onChange={(e) => setHigh(e.target.value)}
            className={priceInput}
          />
        </label>
      </div>
      <p className="mt-2 text-xs text-muted">
        From {formatRupees(price.min)} to {formatRupees(price.max)}
      </p>
      <button
        type="submit"
        onClick={apply}
        className="mt-3 h-10 w-full rounded-full border border-ink text-sm font-bold text-ink transition hover:bg-ink hover:text-cream"
      >
        Apply
      </button>
    </>
  );
}

/** 'In stock only' as a switch (a checkbox underneath, so it posts without scripts). */
export function InStockSwitch({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-semibold text-ink">
      In stock only
      <input
        type="checkbox"
        name="in_stock"
        value="1"
        checked={on}
        onChange={onToggle}
        role="switch"
        aria-checked={on}
        className="peer relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-linen transition before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-sage checked:before:translate-x-5"
      />
    </label>
  );
}

/** One category (or all products) as radios: clothing first, then the accessories under their label. */
export function CategoryChoices({
  categories,
  chosen,
  onChoose,
}: {
  categories: Category[];
  chosen: string;
  onChoose: (value: string) => void;
}) {
  const clothing = categories.filter((c) => c.parent !== ACCESSORIES_PARENT);
  const accessories = categories.filter((c) => c.parent === ACCESSORIES_PARENT);
  const option = (value: string, label: string) => {
    const checked = chosen === value;
    return (
      <li key={value || 'all'}>
        <label className="flex cursor-pointer items-center gap-3 rounded-lg px-1 py-1.5 text-sm hover:text-brand-dark">
          <input
            type="radio"
            name="category"
            value={value}
            checked={checked}
            onChange={() => onChoose(value)}
            className="size-4 accent-brand-dark"
          />
          <span className={checked ? 'font-bold text-ink' : 'text-muted'}>{label}</span>
        </label>
      </li>
    );
  };
  return (
    <>
      <ul className="space-y-0.5">
        {option('', 'All products')}
        {clothing.map((c) => option(c.slug, c.name))}
      </ul>
      {accessories.length > 0 && (
        <>
          <p className="mt-3 mb-1 px-1 text-xs font-semibold text-muted">Accessories</p>
          <ul className="space-y-0.5">{accessories.map((c) => option(c.slug, c.name))}</ul>
        </>
      )}
    </>
  );
}
