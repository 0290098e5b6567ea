import { ROUTES } from '@shop/contract/lite';
import type { ListingItem } from '@shop/contract';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '~/lib/api';
import { productPath } from '../product/product-card';
import { Price } from '../product/price';
import { ProductThumb } from '../product/product-thumb';
import { SearchIcon } from '../ui/icons';

const SUGGEST_DELAY_MS = 300;
const SUGGEST_MIN_CHARS = 2;
const SUGGEST_LIMIT = 6;

/** Where a search goes: the query in the URL (shareable) and in navigation state (docs/product.md#search). */
export const searchPath = (text: string) => `/products-search?q=${encodeURIComponent(text)}`;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Answers already fetched, by query, for a minute: typing back and forth asks the API once. */
const answers = new Map<string, { items: ListingItem[]; at: number }>();
const FRESH_MS = 60_000;

/**
 * Up to 6 products matching what the shopper types, after a 300 ms pause and
 * from 2 characters. A newer query aborts the one in flight; the last list
 * stays on screen until the next one arrives.
 */
function useSuggestions(text: string) {
  const query = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const enabled = query.length >= SUGGEST_MIN_CHARS;
  const [items, setItems] = useState<ListingItem[] | undefined>();
  const [fetching, setFetching] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const known = answers.get(query);
    if (known && Date.now() - known.at < FRESH_MS) {
      setItems(known.items);
      return;
    }
    const controller = new AbortController();
    setFetching(true);
    api(ROUTES['catalog.search'], { query: { query, limit: SUGGEST_LIMIT }, signal: controller.signal })
      .then(({ data }) => {
        answers.set(query, { items: data, at: Date.now() });
        setItems(data);
      })
      .catch(() => undefined) // suggestions are a help: a failure leaves the Search button
      .finally(() => {
        if (!controller.signal.aborted) setFetching(false);
      });
    return () => controller.abort();
  }, [query, enabled]);
  return { query, enabled, items: enabled ? items : undefined, fetching };
}

/**
 * The product search of the header dialog and the phone drawer: a combobox
 * with live suggestions (arrow keys move, Enter opens the product), and a
 * Search button that goes to the results page.
 */
export function SearchBox({
  onDone,
  variant = 'dialog',
}: {
  /** Called after the box navigates away (to close the dialog or drawer). */
  onDone?: () => void;
  variant?: 'dialog' | 'drawer';
}) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(-1);
  const { items, enabled, fetching } = useSuggestions(text);

  const typedEnough = text.trim().length >= SUGGEST_MIN_CHARS;
  const showList = typedEnough && enabled && items !== undefined;
  const options = showList ? items : [];
  const expanded = options.length > 0;

  // A new list starts with nothing highlighted.
  useEffect(() => setActive(-1), [items]);

  const go = (to: string, state?: unknown) => {
    void navigate(to, state === undefined ? undefined : { state });
    onDone?.();
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    go(searchPath(q), { search: q });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault();
      go(productPath(options[active]));
    } else if (e.key === 'Escape' && active >= 0) {
      // First Escape leaves the list; the next one closes the dialog.
      e.preventDefault();
      e.stopPropagation();
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${id}-option-${i}`;
  const drawer = variant === 'drawer';

  return (
    <div className="relative">
      <form role="search" onSubmit={submit} className="flex items-center gap-2">
        <div className="relative flex-1">
          <SearchIcon size={5} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
          <input
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder="search here..."
            aria-label="Search for a product"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            className="h-12 w-full rounded-full border border-linen bg-white pr-4 pl-11 text-base text-ink placeholder:text-muted/80 focus:border-brand focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 [&::-webkit-search-cancel-button]:hidden"
          />
        </div>
        <button
          type="submit"
          className="h-12 shrink-0 rounded-full bg-brand px-6 font-semibold text-white transition hover:bg-brand-dark"
        >
          Search
        </button>
      </form>

      <p role="status" className="sr-only">
        {showList
          ? items.length
            ? `${items.length} suggestions. Use the arrow keys to choose.`
            : 'No products match'
          : ''}
      </p>

      <div className={drawer ? 'mt-3' : 'mt-4'}>
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggested products"
          className={expanded ? 'flex flex-col gap-1' : 'hidden'}
        >
          {options.map((item, i) => (
            <li
              key={item.product_variants.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(productPath(item))}
              className={`flex cursor-pointer items-center gap-3 rounded-xl p-2 transition ${
                i === active ? 'bg-brand-soft' : 'hover:bg-sand'
              }`}
            >
              <ProductThumb
                src={item.product_variants.image1}
                alt=""
                sizes="56px"
                className="w-14 shrink-0 rounded-lg bg-sand"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-ink">{item.products.name}</p>
                <Price mrp={item.product_variants.mrp} price={item.product_variants.selling_price} size="sm" />
              </div>
            </li>
          ))}
        </ul>
        {expanded && (
          <Link
            to={searchPath(text.trim())}
            state={{ search: text.trim() }}
            onClick={onDone}
            className="mt-2 inline-flex items-center gap-1 px-2 py-1 text-sm font-semibold text-brand-dark underline-offset-4 hover:underline"
          >
            See all results for ‘{text.trim()}’
          </Link>
        )}
        {showList && items.length === 0 && !fetching && (
          <p className="rounded-xl bg-sand/70 px-4 py-3 text-sm text-muted">
            No products match.{' '}
            <Link to="/shop" onClick={onDone} className="font-semibold text-brand-dark underline underline-offset-4">
              Browse the whole shop
            </Link>
          </p>
        )}
        {typedEnough && !showList && fetching && <p className="px-2 text-sm text-muted">Searching…</p>}
      </div>
    </div>
  );
}
