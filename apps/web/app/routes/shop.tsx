import { ROUTES } from '@shop/contract/lite';
import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import {
  activeFilterCount,
  apiQuery,
  listingCanonical,
  loadListing,
  readListing,
  type ListingState,
} from '~/components/catalog/listing';
import { EmptyState, ListingHeader, ListingResults, ResultCount } from '~/components/catalog/listing-layout';
import {
  ActiveFilters,
  ClearAll,
  FilterForm,
  FilterSheet,
  SHOP_PATH,
  useApplyFilters,
} from '~/components/catalog/shop-filters';
import { SortSelect } from '~/components/catalog/sort-select';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/shop';
import { read } from '~/lib/call.server';

const CRUMBS: Crumb[] = [{ name: 'Home', to: '/' }, { name: 'Shop' }];

/** All products: the filters, sort and page live in the URL and go straight to the API. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [facets, categories, listing] = await Promise.all([
    read({ context, request }, ROUTES['catalog.facets']),
    read({ context, request }, ROUTES['catalog.categories']),
    // A value the API refuses (400) shows the first page without it.
    loadListing(readListing(url.searchParams), (s) =>
      read({ context, request }, ROUTES['catalog.variants'], { query: apiQuery(s) }),
    ),
  ]);
  return {
    facets,
    categories: categories.data,
    page: listing.result,
    state: listing.state,
    origin: url.origin,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Shop' }];
  const { origin, state, page } = loaderData;
  const filtered = activeFilterCount(state) > 0;
  const first = page.data[0];
  return seoMeta({
    title: state.page > 1 ? `Shop all (page ${state.page})` : 'Shop all',
    description:
      'Every handcrafted piece at Little Loom: frocks, rompers, ethnic wear, knitwear and accessories for babies and children. Filter by size, colour and price.',
    // Filtered views point search engines at the plain shop.
    url: listingCanonical(origin, SHOP_PATH, filtered ? 1 : state.page),
    image: first ? `${origin}${first.product_variants.image1}` : undefined,
    jsonLd: [breadcrumbLd(crumbsLd(origin, CRUMBS, SHOP_PATH))],
  });
}

/**
 * The filters as the shopper sees them: the one just chosen, the one being
 * loaded (a link or the back button), or the one shown.
 */
function useShownState(loaded: ListingState) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [chosen, setChosen] = useState<ListingState | null>(null);
  useEffect(() => setChosen(null), [loaded]);
  const apply = useApplyFilters(setChosen);
  let state = loaded;
  if (chosen) state = chosen;
  else if (navigation.location && navigation.location.pathname === pathname) {
    state = readListing(new URLSearchParams(navigation.location.search));
  }
  return { state, apply };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { facets, categories, page, state: loaded } = loaderData;
  const { state, apply } = useShownState(loaded);
  const count = activeFilterCount(state);
  const filterProps = { facets, categories, state, apply };

  return (
    <>
      <ListingHeader
        crumbs={CRUMBS}
        eyebrow="Made by hand, made to last"
        title="Shop all"
        description="Every piece in the shop, cut, stitched and embroidered by hand. Narrow it down by size, colour and price."
      />
      <div className="container-shop py-8 sm:py-10 lg:grid lg:grid-cols-[17rem_1fr] lg:gap-10 xl:gap-14">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <div className="rounded-3xl bg-white/70 p-6 ring-1 ring-linen/70">
            <div className="mb-5 flex items-baseline justify-between">
              <h2 id="filters-heading" className="text-2xl text-ink">
                Filters
              </h2>
              {count > 0 && <ClearAll sort={state.sort} className="text-sm" />}
            </div>
            <FilterForm {...filterProps} />
          </div>
        </aside>

        <section aria-label="Results" className="min-w-0">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <ResultCount shown={page.data.length} total={page.meta.total} />
            <div className="flex flex-wrap items-center gap-3">
              <FilterSheet {...filterProps} total={page.meta.total} />
              <SortSelect value={state.sort ?? 'newest'} />
            </div>
          </div>
          <ActiveFilters state={state} categories={categories} />
          <ListingResults
            items={page.data}
            meta={page.meta}
            beside
            empty={
              <EmptyState
                title="No products match these filters."
                action={{ to: state.sort ? `${SHOP_PATH}?sort=${state.sort}` : SHOP_PATH, label: 'Clear all filters' }}
              >
                <p className="mt-3 text-muted">Try fewer filters, another size or a wider price range.</p>
              </EmptyState>
            }
          />
        </section>
      </div>
    </>
  );
}
