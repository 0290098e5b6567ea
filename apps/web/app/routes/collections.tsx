import { ROUTES } from '@shop/contract/lite';
import { crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import { ListingHeader } from '~/components/catalog/listing-layout';
import { CollectionTile } from '~/components/catalog/tiles';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/collections';
import { read } from '~/lib/call.server';

const CRUMBS: Crumb[] = [{ name: 'Home', to: '/' }, { name: 'Collections' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { data } = await read({ context, request }, ROUTES['catalog.collections']);
  return { collections: data, origin: new URL(request.url).origin };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Collections' }];
  return seoMeta({
    title: 'Collections',
    description:
      'Festive edits, summer cottons, newborn essentials and hand-embroidered pieces: the Little Loom collections, made by hand in India.',
    url: `${loaderData.origin}/collections`,
    image: loaderData.collections[0] ? `${loaderData.origin}${loaderData.collections[0].image}` : undefined,
    jsonLd: [breadcrumbLd(crumbsLd(loaderData.origin, CRUMBS, '/collections'))],
  });
}

export default function Collections({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ListingHeader
        crumbs={CRUMBS}
        eyebrow="Curated edits"
        title="Our collections"
        description="Small edits for festivals, hot afternoons, family weddings and the very first months, each stitched by artisans we know by name."
      />
      <div className="container-shop py-10 sm:py-14">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
          {loaderData.collections.map((c, i) => (
            <li key={c.id} className="flex">
              <CollectionTile collection={c} priority={i < 1} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
