import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, type Category } from '@shop/contract';
import { data } from 'react-router';
import { crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import { apiQuery, listingCanonical, loadListing, readListing } from '~/components/catalog/listing';
import { EmptyState, ListingHeader, ListingResults, ResultCount } from '~/components/catalog/listing-layout';
import { SortSelect } from '~/components/catalog/sort-select';
import { isBadRequest } from '~/lib/loader-errors';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/category';
import { read } from '~/lib/call.server';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = params.slug;
  try {
    const { result, state } = await loadListing(readListing(url.searchParams, { filters: false }), (s) =>
      read({ context, request }, ROUTES['catalog.category'], { params: { slug }, query: apiQuery(s) }),
    );
    return { ...result, sort: state.sort, origin: url.origin };
  } catch (err) {
    // A slug the API cannot even read is as unknown as a missing one.

    if (isBadRequest(err)) throw data('Not found', { status: 404 });
    throw err;
  }
}

const crumbs = (category: Category): Crumb[] => [
  { name: 'Home', to: '/' },
  { name: 'Categories', to: '/categories' },
  { name: category.name },
];

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Category not found' }];
  const { category, origin, meta, seo } = loaderData;
  const path = `/categories/${category.slug}`;
  const first = loaderData.categoryProducts[0];
  return seoMeta({
    title: meta.page > 1 ? `${seo.title} (page ${meta.page})` : seo.title,
    description: seo.description,
    url: listingCanonical(origin, path, meta.page),
    image: first ? `${origin}${first.product_variants.image1}` : `${origin}${category.image}`,
    jsonLd: [breadcrumbLd(crumbsLd(origin, crumbs(category), path))],
  });
}

export default function CategoryRoute({ loaderData }: Route.ComponentProps) {
  const { category, categoryProducts, meta, sort } = loaderData;
  return (
    <>
      <ListingHeader crumbs={crumbs(category)} title={category.name} description={category.description} />
      <div className="container-shop py-8 sm:py-10">
        {meta.total > 0 && (
          <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
            <ResultCount shown={categoryProducts.length} total={meta.total} />
            <SortSelect value={sort ?? 'newest'} />
          </div>
        )}
        <ListingResults items={categoryProducts} meta={meta} empty={<EmptyState title={MESSAGES.emptyCategory} />} />
      </div>
    </>
  );
}
