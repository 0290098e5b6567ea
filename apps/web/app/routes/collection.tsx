import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, type Collection } from '@shop/contract';
import { data } from 'react-router';
import { crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import { PAGE_SIZE, listingCanonical, loadListing, readListing } from '~/components/catalog/listing';
import { EmptyState, ListingHeader, ListingResults, ResultCount } from '~/components/catalog/listing-layout';
import { SortSelect } from '~/components/catalog/sort-select';
import { isBadRequest } from '~/lib/loader-errors';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/collection';
import { read } from '~/lib/call.server';

/** /collections/:key takes a collection's id or its slug (docs/product.md#screens). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = /^\d{1,9}$/.test(params.key) ? Number(params.key) : params.key;
  try {
    const { result, state } = await loadListing(readListing(url.searchParams, { filters: false }), (s) =>
      read({ context, request }, ROUTES['catalog.collectionProducts'], {
        body: { id, page: s.page, limit: PAGE_SIZE, ...(s.sort ? { sort: s.sort } : {}) },
      }),
    );
    return { ...result, sort: state.sort, origin: url.origin };
  } catch (err) {
    if (isBadRequest(err)) throw data('Not found', { status: 404 });
    throw err;
  }
}

const crumbs = (collection: Collection): Crumb[] => [
  { name: 'Home', to: '/' },
  { name: 'Collections', to: '/collections' },
  { name: collection.name },
];

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Collection not found' }];
  const { collection, origin, meta, seo } = loaderData;
  // One address per collection, whichever key brought the shopper here.
  const path = `/collections/${collection.slug}`;
  return seoMeta({
    title: meta.page > 1 ? `${seo.title} (page ${meta.page})` : seo.title,
    description: seo.description,
    url: listingCanonical(origin, path, meta.page),
    image: `${origin}${collection.image}`,
    jsonLd: [breadcrumbLd(crumbsLd(origin, crumbs(collection), path))],
  });
}

export default function CollectionRoute({ loaderData }: Route.ComponentProps) {
  const { collection, data: items, meta, sort } = loaderData;
  return (
    <>
      <ListingHeader
        crumbs={crumbs(collection)}
        eyebrow="Collection"
        title={collection.name}
        description={collection.description}
      />
      <div className="container-shop py-8 sm:py-10">
        {meta.total > 0 && (
          <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
            <ResultCount shown={items.length} total={meta.total} />
            <SortSelect value={sort} defaultLabel="Featured" />
          </div>
        )}
        <ListingResults items={items} meta={meta} empty={<EmptyState title={MESSAGES.emptyCollection} />} />
      </div>
    </>
  );
}
