import { formatRupees, type Category, type Facets } from '@shop/contract';
import { Dialog } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { CategoryChoices, InStockSwitch, PillChoices, PriceRange, Section } from './filter-sections';
import { activeFilterCount, pageQuery, type ListingState } from './listing';
import { CloseBoldIcon, FilterIcon } from '~/components/ui/catalog-icons';

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

/**
 * The shop's filters as a GET form (it works without JavaScript through the
 * Apply button); with JavaScript every change applies at once.
 */
export function FilterForm({ facets, categories, state, apply }: FilterProps) {
  const onPrice = (lo: number | undefined, hi: number | undefined) => apply({ ...state, min_price: lo, max_price: hi });
  return (
    <form method="get" action={SHOP_PATH} onSubmit={(e) => e.preventDefault()} aria-label="Product filters">
      {state.sort && <input type="hidden" name="sort" value={state.sort} />}

      <Section legend="Size">
        <PillChoices
          name="size"
          columns
          options={facets.sizes.map((s) => ({ id: s.id, value: s.name }))}
          chosen={state.size}
          onToggle={(v) => apply({ ...state, size: toggle(state.size, v) })}
        />
      </Section>

      <Section legend="Colour">
        <PillChoices
          name="color"
          options={facets.colors.map((c) => ({ id: c.id, value: c.name, swatch: c.hex }))}
          chosen={state.color}
          onToggle={(v) => apply({ ...state, color: toggle(state.color, v) })}
        />
      </Section>

      <Section legend="Price">
        <PriceRange price={facets.price} min={state.min_price} max={state.max_price} onApply={onPrice} />
      </Section>

      <Section legend="Availability">
        <InStockSwitch on={state.in_stock} onToggle={() => apply({ ...state, in_stock: !state.in_stock })} />
      </Section>
      <Section legend="Category">
        <CategoryChoices
          categories={categories}
          chosen={state.category ?? ''}
          onChoose={(value) => apply({ ...state, category: value || undefined })}
        />
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
        <FilterIcon size={4} />
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
              <CloseBoldIcon size={5} />
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
