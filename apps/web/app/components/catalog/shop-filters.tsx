import { ACCESSORIES_PARENT, formatRupees, type Category, type Facets } from '@shop/contract';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { activeFilterCount, pageQuery, type ListingState } from './listing';

export const SHOP_PATH = '/shop';

/** The shop URL for a listing state; every filter change goes back to page 1. */
export function shopHref(state: ListingState): string {
  const qs = pageQuery({ ...state, page: 1 }).toString();
  return `${SHOP_PATH}${qs ? `?${qs}` : ''}`;
}

/**
 * Goes to the shop with another filter state, keeping the scroll position.
 * The choice shows at once (`onChosen`), before the new results arrive.
 */
export function useApplyFilters(onChosen: (next: ListingState) => void) {
  const navigate = useNavigate();
  return (next: ListingState) => {
    onChosen(next);
    void navigate(shopHref(next), { preventScrollReset: true });
  };
}

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

interface FilterProps {
  facets: Facets;
  categories: Category[];
  /** The filters shown: what the shopper just chose, even before the results arrive. */
  state: ListingState;
  /** Applies another filter state (see useApplyFilters). */
  apply: (next: ListingState) => void;
}

function Section({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="border-t border-linen py-5 first:border-t-0 first:pt-0">
      <legend className="float-left mb-3 w-full text-xs font-bold tracking-[0.15em] text-ink uppercase">
        {legend}
      </legend>
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

/**
 * The shop's filters as a GET form (it works without JavaScript through the
 * Apply button); with JavaScript every change applies at once.
 */
export function FilterForm({ facets, categories, state, apply }: FilterProps) {
  const uid = useId();
  const [min, setMin] = useState(state.min_price?.toString() ?? '');
  const [max, setMax] = useState(state.max_price?.toString() ?? '');
  useEffect(() => setMin(state.min_price?.toString() ?? ''), [state.min_price]);
  useEffect(() => setMax(state.max_price?.toString() ?? ''), [state.max_price]);

  const clothing = categories.filter((c) => c.parent !== ACCESSORIES_PARENT);
  const accessories = categories.filter((c) => c.parent === ACCESSORIES_PARENT);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const num = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? undefined : Math.max(0, Number(v)));
    let lo = num(min);
    let hi = num(max);
    if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
    apply({ ...state, min_price: lo, max_price: hi });
  };

  // The real checkbox lies invisible over its pill, so a tap or click lands on it directly.
  const overlay = 'peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0';
  const pill =
    'flex min-h-10 cursor-pointer items-center justify-center gap-1.5 rounded-full border px-2.5 py-1.5 text-[13px] font-semibold whitespace-nowrap transition select-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-dark';

  const categoryOption = (value: string, label: string) => {
    const checked = (state.category ?? '') === value;
    return (
      <li key={value || 'all'}>
        <label className="flex cursor-pointer items-center gap-3 rounded-lg px-1 py-1.5 text-sm hover:text-brand-dark">
          <input
            type="radio"
            name="category"
            value={value}
            checked={checked}
            onChange={() => apply({ ...state, category: value || undefined })}
            className="size-4 accent-brand-dark"
          />
          <span className={checked ? 'font-bold text-ink' : 'text-muted'}>{label}</span>
        </label>
      </li>
    );
  };

  return (
    <form method="get" action={SHOP_PATH} onSubmit={onSubmit} aria-label="Product filters">
      {state.sort && <input type="hidden" name="sort" value={state.sort} />}

      <Section legend="Size">
        <ul className="grid grid-cols-3 gap-2">
          {facets.sizes.map((s) => {
            const checked = state.size.includes(s.name);
            const id = `${uid}-size-${s.id}`;
            return (
              <li key={s.id} className="relative">
                <input
                  id={id}
                  type="checkbox"
                  name="size"
                  value={s.name}
                  checked={checked}
                  onChange={() => apply({ ...state, size: toggle(state.size, s.name) })}
                  className={overlay}
                />
                <label
                  htmlFor={id}
                  className={`${pill} ${
                    checked
                      ? 'border-ink bg-ink text-cream'
                      : 'border-linen bg-white text-ink peer-hover:border-brand-dark'
                  }`}
                >
                  {s.name}
                </label>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section legend="Colour">
        <ul className="flex flex-wrap gap-1.5">
          {facets.colors.map((c) => {
            const checked = state.color.includes(c.name);
            const id = `${uid}-color-${c.id}`;
            return (
              <li key={c.id} className="relative">
                <input
                  id={id}
                  type="checkbox"
                  name="color"
                  value={c.name}
                  checked={checked}
                  onChange={() => apply({ ...state, color: toggle(state.color, c.name) })}
                  className={overlay}
                />
                <label
                  htmlFor={id}
                  className={`${pill} pl-1.5 ${
                    checked
                      ? 'border-ink bg-ink text-cream'
                      : 'border-linen bg-white text-ink peer-hover:border-brand-dark'
                  }`}
                >
                  <span
                    aria-hidden="true"
                    className="size-5 shrink-0 rounded-full border border-black/15 shadow-inner"
                    style={{ backgroundColor: c.hex }}
                  />
                  {c.name}
                </label>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section legend="Price">
        <div className="flex items-end gap-2">
          <label className="flex-1 text-xs font-semibold text-muted">
            Min (₹)
            <input
              type="number"
              name="min_price"
              inputMode="numeric"
              min={0}
              step={1}
              placeholder={String(Math.floor(facets.price.min))}
              value={min}
              onChange={(e) => setMin(e.target.value)}
              className="mt-1 h-10 w-full rounded-xl border border-linen bg-white px-3 text-sm text-ink focus-visible:border-brand-dark"
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
              placeholder={String(Math.ceil(facets.price.max))}
              value={max}
              onChange={(e) => setMax(e.target.value)}
              className="mt-1 h-10 w-full rounded-xl border border-linen bg-white px-3 text-sm text-ink focus-visible:border-brand-dark"
            />
          </label>
        </div>
        <p className="mt-2 text-xs text-muted">
          From {formatRupees(facets.price.min)} to {formatRupees(facets.price.max)}
        </p>
        <button
          type="submit"
          className="mt-3 h-10 w-full rounded-full border border-ink text-sm font-bold text-ink transition hover:bg-ink hover:text-cream"
        >
          Apply
        </button>
      </Section>

      <Section legend="Availability">
        <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-semibold text-ink">
          In stock only
          <input
            type="checkbox"
            name="in_stock"
            value="1"
            checked={state.in_stock}
            onChange={() => apply({ ...state, in_stock: !state.in_stock })}
            role="switch"
            aria-checked={state.in_stock}
            className="peer relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-linen transition before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-sage checked:before:translate-x-5"
          />
        </label>
      </Section>
      <Section legend="Category">
        <ul className="space-y-0.5">
          {categoryOption('', 'All products')}
          {clothing.map((c) => categoryOption(c.slug, c.name))}
        </ul>
        {accessories.length > 0 && (
          <>
            <p className="mt-3 mb-1 px-1 text-xs font-semibold text-muted">Accessories</p>
            <ul className="space-y-0.5">{accessories.map((c) => categoryOption(c.slug, c.name))}</ul>
          </>
        )}
      </Section>
    </form>
  );
}

/** Chips of the active filters, each removable with a link, and 'Clear all'. */
export function ActiveFilters({ state, categories }: { state: ListingState; categories: Category[] }) {
  if (activeFilterCount(state) === 0) return null;
  const chips: { label: string; next: ListingState }[] = [];
  if (state.category) {
    const name = categories.find((c) => c.slug === state.category)?.name ?? state.category;
    chips.push({ label: name, next: { ...state, category: undefined } });
  }
  for (const s of state.size) chips.push({ label: `Size ${s}`, next: { ...state, size: toggle(state.size, s) } });
  for (const c of state.color) chips.push({ label: c, next: { ...state, color: toggle(state.color, c) } });
  if (state.min_price !== undefined)
    chips.push({ label: `From ${formatRupees(state.min_price)}`, next: { ...state, min_price: undefined } });
  if (state.max_price !== undefined)
    chips.push({ label: `Up to ${formatRupees(state.max_price)}`, next: { ...state, max_price: undefined } });
  if (state.in_stock) chips.push({ label: 'In stock', next: { ...state, in_stock: false } });

  return (
    <div className="mb-6 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={shopHref(chip.next)}
              preventScrollReset
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-semibold text-ink ring-1 ring-linen transition hover:ring-brand-dark"
            >
              {chip.label}
              <span aria-hidden="true" className="text-base leading-none text-muted">
                ×
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <ClearAll sort={state.sort} className="text-sm" />
    </div>
  );
}

export function ClearAll({ sort, className = '' }: { sort?: ListingState['sort']; className?: string }) {
  return (
    <Link
      to={sort ? `${SHOP_PATH}?sort=${sort}` : SHOP_PATH}
      preventScrollReset
      className={`rounded font-bold text-brand-dark underline underline-offset-4 hover:text-ink ${className}`}
    >
      Clear all
    </Link>
  );
}

/** Phones: the filters in a sheet, opened by a 'Filters' button with the count of active filters. */
export function FilterSheet({ total, ...props }: FilterProps & { total: number }) {
  const count = activeFilterCount(props.state);
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex h-11 items-center gap-2 rounded-full border border-ink bg-white px-5 text-sm font-bold text-ink shadow-sm transition hover:bg-ink hover:text-cream lg:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
          <path d="M3 5h14M6 10h8M8.5 15h3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        Filters
        {count > 0 && (
          <span className="grid min-w-5 place-items-center rounded-full bg-brand-dark px-1.5 text-xs text-white">
            <span className="sr-only">(</span>
            {count}
            <span className="sr-only"> active)</span>
          </span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-3xl bg-cream shadow-2xl transition-transform duration-300 ease-out focus:outline-none starting:translate-y-full">
          <div className="flex items-center justify-between border-b border-linen px-5 py-4">
            <Dialog.Title className="font-display text-2xl text-ink">Filters</Dialog.Title>
            <Dialog.Close
              aria-label="Close filters"
              className="grid size-10 place-items-center rounded-full text-ink hover:bg-sand"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Choose sizes, colours, a price range and more. Results update as you choose.
          </Dialog.Description>
          <div className="flex-1 overflow-y-auto px-5 py-5">
            <FilterForm {...props} />
          </div>
          <div className="flex items-center justify-between gap-4 border-t border-linen bg-white/80 px-5 py-4">
            {count > 0 ? <ClearAll sort={props.state.sort} /> : <span />}
            <Dialog.Close className="h-12 flex-1 rounded-full bg-brand-dark px-6 font-bold text-white transition hover:bg-ink sm:flex-none">
              Show {total} {total === 1 ? 'product' : 'products'}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
