import { ROUTES } from '@shop/contract/lite';
import { MAX_SEARCH_LENGTH, type Category, type ListingPage } from '@shop/contract';
import { useEffect, useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumbs, crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import { apiQuery, cleanQuery, loadListing, readListing } from '~/components/catalog/listing';
import { ListingResults, useListingBusy } from '~/components/catalog/listing-layout';
import { SortSelect } from '~/components/catalog/sort-select';
import { SearchBoldIcon } from '~/components/ui/catalog-icons';
import { ProductGrid } from '~/components/product/product-grid';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/search';
import { read } from '~/lib/call.server';

/**
 * /search and /products-search (docs/product.md#screens): the query lives in ?q= so
 * results can be shared and reloaded. The typo-forgiving matching is the API's.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = cleanQuery(url.searchParams.get('q'));
  const base = { q, path: url.pathname, origin: url.origin };

  let results: ListingPage | null = null;
  let sort: string | undefined;
  if (q) {
    const listing = await loadListing(readListing(url.searchParams, { filters: false }), (s) =>
      read({ context, request }, ROUTES['catalog.search'], { query: apiQuery(s, { query: q }) }),
    );
    results = listing.result;
    sort = listing.state.sort;
  }
  // Nothing to show: offer a way onwards instead.
  if (!results || results.meta.total === 0) {
    const [popular, categories] = await Promise.all([
      read({ context, request }, ROUTES['catalog.popular'], { query: { limit: 5 } }),
      read({ context, request }, ROUTES['catalog.categories']),
    ]);
    return { ...base, results, sort, popular: popular.data, categories: categories.data };
  }
  return { ...base, results, sort, popular: [], categories: [] as Category[] };
}

const CRUMBS: Crumb[] = [{ name: 'Home', to: '/' }, { name: 'Search' }];

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Search' }];
  const { q, origin } = loaderData;
  return [
    ...seoMeta({
      title: q ? `Search results for "${q}"` : 'Search',
      description: q
        ? `Handcrafted children's clothing and accessories matching “${q}” at Little Loom.`
        : "Search Little Loom's handcrafted clothing and accessories for babies and children.",
      url: `${origin}/search${q ? `?q=${encodeURIComponent(q)}` : ''}`,
      jsonLd: [breadcrumbLd(crumbsLd(origin, CRUMBS, '/search'))],
    }),
    // Result pages change with the catalogue: followed, not indexed.
    { name: 'robots', content: 'noindex, follow' },
  ];
}

function SearchForm({ q, action }: { q: string; action: string }) {
  const id = useId();
  return (
    <form method="get" action={action} role="search" className="mt-6 flex max-w-2xl gap-2">
      <label htmlFor={id} className="sr-only">
        Search for a product
      </label>
      <div className="relative flex-1">
        <SearchBoldIcon size={5} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
        <input
          key={q}
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="search here..."
          autoComplete="off"
          enterKeyHint="search"
          className="h-12 w-full rounded-full border border-linen bg-white pr-4 pl-12 text-base text-ink shadow-sm placeholder:text-muted/80 focus-visible:border-brand-dark sm:h-14"
        />
      </div>
      <button
        type="submit"
        className="h-12 rounded-full bg-brand-dark px-5 font-bold text-white transition hover:bg-ink sm:h-14 sm:px-8"
      >
        Search
      </button>
    </form>
  );
}

/** Ways onwards when a search finds nothing (or before a search). */
function Suggestions({
  categories,
  popular,
  title = 'Browse instead',
}: {
  categories: Category[];
  popular: Route.ComponentProps['loaderData']['popular'];
  title?: string;
}) {
  return (
    <div className="space-y-12">
      <section aria-labelledby="browse-heading">
        <h2 id="browse-heading" className="text-2xl text-ink">
          {title}
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          <li>
            <Link
              to="/shop"
              className="inline-flex rounded-full bg-ink px-4 py-2 text-sm font-bold text-cream transition hover:bg-brand-dark"
            >
              Shop all products
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`/categories/${c.slug}`}
                className="inline-flex rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink ring-1 ring-linen transition hover:text-brand-dark hover:ring-brand-dark"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {popular.length > 0 && (
        <section aria-labelledby="popular-heading">
          <h2 id="popular-heading" className="mb-6 text-2xl text-ink">
            Loved by our customers
          </h2>
          <ProductGrid items={popular} priorityCount={0} />
        </section>
      )}
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results, sort, popular, categories } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const busy = useListingBusy();

  // The header's search dialog and older links carry the text in navigation state.
  useEffect(() => {
    const state = location.state as { search?: unknown; query?: unknown } | null;
    const text = typeof state?.search === 'string' ? state.search : state?.query;
    if (typeof text !== 'string' || !cleanQuery(text)) return;
    if (new URLSearchParams(location.search).get('q')) return;
    void navigate(`${location.pathname}?q=${encodeURIComponent(cleanQuery(text))}`, { replace: true });
  }, [location.state, location.search, location.pathname, navigate]);

  const total = results?.meta.total ?? 0;

  return (
    <>
      <header className="border-b border-linen bg-sand/60">
        <div className="container-shop py-8 sm:py-12">
          <Breadcrumbs items={CRUMBS} />
          <h1 className="mt-6 text-3xl leading-tight text-ink sm:text-5xl">
            {q ? (
              <>
                Results for <span className="text-brand-dark">“{q}”</span>
              </>
            ) : (
              'What are you looking for?'
            )}
          </h1>
          {!q && (
            <p className="mt-4 max-w-2xl text-muted sm:text-lg">
              Search by name, fabric, colour or occasion: try “frock”, “mulmul”, “lehenga” or “booties”.
            </p>
          )}
          <SearchForm q={q} action={location.pathname} />
        </div>
      </header>

      <div className={`container-shop py-8 sm:py-10 ${busy ? 'opacity-60' : ''}`}>
        {q && results && total > 0 && (
          <>
            <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
              <p className="text-sm text-muted" aria-live="polite">
                <strong className="font-bold text-ink">{total}</strong>
                {` ${total === 1 ? 'result' : 'results'} for "${q}"`}
              </p>
              <SortSelect value={sort} defaultLabel="Best match" />
            </div>
            <ListingResults items={results.data} meta={results.meta} empty={null} />
          </>
        )}

        {q && total === 0 && (
          <div className="space-y-12">
            <div className="rounded-3xl border border-dashed border-linen bg-white/60 px-6 py-10 sm:px-10">
              <h2 className="font-display text-2xl text-ink sm:text-3xl" aria-live="polite">
                {`No products match "${q}"`}
              </h2>
              <ul className="mt-4 list-disc space-y-1 pl-5 text-muted">
                <li>Check the spelling, or try a shorter word (“frock” rather than “frocks with smocking”).</li>
                <li>Search for a fabric, colour or occasion, such as “cotton”, “pink” or “festive”.</li>
                <li>Or browse a category below.</li>
              </ul>
            </div>
            <Suggestions categories={categories} popular={popular} />
          </div>
        )}

        {!q && <Suggestions categories={categories} popular={popular} title="Browse by category" />}
      </div>
    </>
  );
}
