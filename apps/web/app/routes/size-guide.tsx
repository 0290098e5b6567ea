import { Link, data } from 'react-router';
import { SizeNotes, SizeTable } from '~/components/size-guide/size-table';
import { SIZE_GUIDES } from '@shop/contract/lite';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/size-guide';

/** A category's size guide as a page of its own: the size chooser's link without scripts (docs/product.md). */
export function loader({ params, request }: Route.LoaderArgs) {
  const guide = SIZE_GUIDES[params.category];
  if (!guide) throw data(null, { status: 404 });
  return { url: canonical(request.url), category: params.category, guide };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d
    ? seoMeta({
        title: `Size guide: ${d.guide.title}`,
        description: `The child's measurements for each size of our ${d.guide.title.toLowerCase()}, in centimetres and inches.`,
        url: d.url,
      })
    : [];

export default function SizeGuidePage({ loaderData }: Route.ComponentProps) {
  const { guide, category } = loaderData;
  return (
    <div className="container-shop max-w-3xl py-10 sm:py-14">
      <Link to={`/categories/${category}`} className="text-sm font-semibold text-brand-dark hover:underline">
        ← {guide.title}
      </Link>
      <h1 className="mt-2 mb-6 text-3xl sm:text-4xl">Size guide: {guide.title}</h1>
      <SizeTable guide={guide} />
      <SizeNotes guide={guide} />
    </div>
  );
}
