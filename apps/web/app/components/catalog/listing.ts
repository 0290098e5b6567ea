import { DEFAULT_PAGE_SIZE, ListingParams, MAX_SEARCH_LENGTH, SORT_OPTIONS, type SortOption } from '@shop/contract';
import { isBadRequest } from '~/lib/loader-errors';

/**
 * What a listing page shows, read from its URL. Every value is checked with
 * the contract's own rules; a value the API would refuse is dropped, so a
 * hand-edited address (?page=abc) shows the first page instead of failing.
 */
export interface ListingState {
  page: number;
  sort?: SortOption;
  size: string[];
  color: string[];
  min_price?: number;
  max_price?: number;
  in_stock: boolean;
  category?: string;
}

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;

export const SORT_LABELS: Record<SortOption, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  popular: 'Popular',
};

export const isSort = (v: string | null | undefined): v is SortOption =>
  !!v && (SORT_OPTIONS as readonly string[]).includes(v);

const shape = ListingParams.shape;

function names(params: URLSearchParams, key: 'size' | 'color'): string[] {
  const raw = params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const parsed = shape[key].safeParse([...new Set(raw)]);
  return parsed.success ? (parsed.data ?? []) : [];
}

function price(params: URLSearchParams, key: 'min_price' | 'max_price'): number | undefined {
  const raw = params.get(key)?.trim();
  if (!raw) return undefined;
  const parsed = shape[key].safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** The listing state of a URL's query; `filters: false` reads only page and sort. */
export function readListing(params: URLSearchParams, { filters = true } = {}): ListingState {
  const page = shape.page.safeParse(params.get('page') ?? undefined);
  const sort = params.get('sort');
  const state: ListingState = {
    page: page.success ? page.data : 1,
    sort: isSort(sort) ? sort : undefined,
    size: [],
    color: [],
    in_stock: false,
  };
  if (!filters) return state;
  state.size = names(params, 'size');
  state.color = names(params, 'color');
  state.min_price = price(params, 'min_price');
  state.max_price = price(params, 'max_price');
  if (state.min_price !== undefined && state.max_price !== undefined && state.min_price > state.max_price) {
    [state.min_price, state.max_price] = [state.max_price, state.min_price];
  }
  const inStock = shape.in_stock.safeParse(params.get('in_stock') ?? undefined);
  state.in_stock = inStock.success && inStock.data === true;
  const category = shape.category.safeParse(params.get('category') ?? undefined);
  state.category = category.success ? category.data : undefined;
  return state;
}

/** The API query of a listing state (the API's own parameter names). */
export function apiQuery(
  state: ListingState,
  extra: Record<string, string> = {},
  limit = PAGE_SIZE,
): Record<string, string> {
  const q = new URLSearchParams(extra);
  q.set('page', String(state.page));
  q.set('limit', String(limit));
  if (state.sort) q.set('sort', state.sort);
  if (state.size.length) q.set('size', state.size.join(','));
  if (state.color.length) q.set('color', state.color.join(','));
  if (state.min_price !== undefined) q.set('min_price', String(state.min_price));
  if (state.max_price !== undefined) q.set('max_price', String(state.max_price));
  if (state.in_stock) q.set('in_stock', 'true');
  if (state.category) q.set('category', state.category);
  return Object.fromEntries(q);
}

/** The shop's own URL query of a listing state (repeated size/color, as a GET form sends them). */
export function pageQuery(state: ListingState, extra: Record<string, string> = {}): URLSearchParams {
  const q = new URLSearchParams(extra);
  for (const s of state.size) q.append('size', s);
  for (const c of state.color) q.append('color', c);
  if (state.min_price !== undefined) q.set('min_price', String(state.min_price));
  if (state.max_price !== undefined) q.set('max_price', String(state.max_price));
  if (state.in_stock) q.set('in_stock', '1');
  if (state.category) q.set('category', state.category);
  if (state.sort) q.set('sort', state.sort);
  if (state.page > 1) q.set('page', String(state.page));
  return q;
}

export const EMPTY_LISTING: ListingState = { page: 1, size: [], color: [], in_stock: false };

export const activeFilterCount = (s: ListingState) =>
  s.size.length +
  s.color.length +
  (s.min_price !== undefined ? 1 : 0) +
  (s.max_price !== undefined ? 1 : 0) +
  (s.in_stock ? 1 : 0) +
  (s.category ? 1 : 0);

/**
 * Loads a listing; if the API still refuses the parameters (400), shows the
 * first page without them rather than an error page.
 */
export async function loadListing<T>(
  state: ListingState,
  fetchPage: (state: ListingState) => Promise<T>,
): Promise<{ result: T; state: ListingState }> {
  try {
    return { result: await fetchPage(state), state };
  } catch (err) {
    if (!isBadRequest(err)) throw err;
    const fallback = { ...EMPTY_LISTING };
    return { result: await fetchPage(fallback), state: fallback };
  }
}

/** A shopper's search text as the API accepts it. */
export const cleanQuery = (q: string | null | undefined) => (q ?? '').trim().slice(0, MAX_SEARCH_LENGTH);

/** Canonical URL of a listing page: its path, plus ?page=N after the first page. */
export function listingCanonical(origin: string, path: string, page: number, extra: Record<string, string> = {}) {
  const q = new URLSearchParams(extra);
  if (page > 1) q.set('page', String(page));
  const qs = q.toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
}
