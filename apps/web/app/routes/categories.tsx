import { ROUTES } from '@shop/contract/lite';
import { ACCESSORIES_PARENT, type Category } from '@shop/contract';
import { ListingHeader } from '~/components/catalog/listing-layout';
import { CategoryTile } from '~/components/catalog/tiles';
import { crumbsLd, type Crumb } from '~/components/catalog/breadcrumbs';
import { breadcrumbLd, seoMeta } from '~/lib/seo';
import type { Route } from './+types/categories';
import { read } from '~/lib/call.server';

const CRUMBS: Crumb[] = [{ name: 'Home', to: '/' }, { name: 'Categories' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { data } = await read({ context, request }, ROUTES['catalog.categories']);
  return { categories: data, origin: new URL(request.url).origin };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Categories' }];
  const url = `${loaderData.origin}/categories`;
  return seoMeta({
    title: 'Shop by category',
    description:
      'Frocks, rompers, ethnic wear, knitwear and accessories, all handcrafted for little ones. Browse every category of Little Loom.',
    url,
    image: loaderData.categories[0] ? `${loaderData.origin}${loaderData.categories[0].image}` : undefined,
    jsonLd: [breadcrumbLd(crumbsLd(loaderData.origin, CRUMBS, '/categories'))],
  });
}

function Group({
  id,
  title,
  intro,
  items,
  first,
  columns = 'sm:grid-cols-3 lg:grid-cols-4',
}: {
  id: string;
  title: string;
  intro: string;
  items: Category[];
  first?: boolean;
  columns?: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="py-10 sm:py-14">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2 sm:mb-8">
        <h2 id={id} className="text-2xl text-ink sm:text-3xl">
          {title}
        </h2>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      <ul className={`grid grid-cols-2 gap-x-4 gap-y-8 ${columns}`}>
        {items.map((c, i) => (
          <li key={c.id}>
            <CategoryTile category={c} priority={first && i < 2} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const clothing = categories.filter((c) => c.parent !== ACCESSORIES_PARENT);
  const accessories = categories.filter((c) => c.parent === ACCESSORIES_PARENT);
  return (
    <>
      <ListingHeader
        crumbs={CRUMBS}
        eyebrow="Handmade for little ones"
        title="Shop by category"
        description="Soft first clothes, twirl-ready frocks and festive finery, with the little extras to finish every look."
      />
      <div className="container-shop divide-y divide-linen pb-10">
        <Group id="clothing" title="Clothing" intro={`${clothing.length} categories`} items={clothing} first />
        <Group
          id="accessories"
          title="Accessories"
          intro={`${accessories.length} categories`}
          items={accessories}
          columns="sm:grid-cols-3 lg:grid-cols-5"
        />
      </div>
    </>
  );
}
