import type { Collection } from '@shop/contract';
import { Link, useRouteLoaderData } from 'react-router';
import { proseClass } from '~/components/content/policy-page';
import { ShopImage } from '~/components/ui/shop-image';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { RootData } from '~/root';
import type { Route } from './+types/about';
import { buttonClass } from '~/components/ui/button';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'About us',
    description: `${SHOP_NAME} makes handcrafted clothes for children in Jaipur: soft mulmul, hand block prints, smocking and chikankari, in small batches, for ages 0-3 months to 10-11 years.`,
    url: data?.url ?? '/about',
  });

const CRAFTS = [
  {
    name: 'Mulmul',
    text: 'A fine, airy cotton that grows softer with every wash: gentle on new skin and cool through the hottest Indian afternoons.',
  },
  {
    name: 'Block prints',
    text: 'Carved wooden blocks, pressed by hand one repeat at a time. No two lengths of fabric are exactly alike.',
  },
  {
    name: 'Hand smocking',
    text: 'Tiny gathers stitched by hand across a yoke, so a frock falls in soft pleats and stretches as your little one grows.',
  },
  {
    name: 'Chikankari',
    text: 'Delicate white-on-white embroidery from Lucknow, worked by hand, for the pieces kept for birthdays and festivals.',
  },
];

const FACTS = [
  { value: 'Jaipur', label: 'where every piece is made' },
  { value: 'Small batches', label: 'made to order, never mass-produced' },
  { value: '0-3M to 10-11Y', label: 'sizes from newborn to big kid' },
];

/** Collection pictures for the page, from the catalogue the root already loaded. */
function pictures(collections: Collection[]): Collection[] {
  const preferred = ['hand-embroidered', 'summer-cotton', 'newborn-essentials'];
  const picked = preferred
    .map((slug) => collections.find((c) => c.slug === slug && c.image))
    .filter((c): c is Collection => !!c);
  return (picked.length === 3 ? picked : collections.filter((c) => c.image)).slice(0, 3);
}

export default function AboutPage() {
  const root = useRouteLoaderData<RootData>('root');
  const [main, second, third] = pictures(root?.collections ?? []);

  return (
    <div className="pb-16">
      <section className="container-shop grid items-center gap-10 py-10 sm:py-16 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">Our story</p>
          <h1 className="mt-3 text-4xl leading-tight text-balance text-ink sm:text-5xl">
            Made by hand in Jaipur, for little ones to live in
          </h1>
          <div className={`mt-6 max-w-prose ${proseClass}`}>
            <p className="!mt-0 text-lg text-muted">
              {SHOP_NAME} began with a simple wish: clothes for our own children that were as soft as the muslin
              swaddles our grandmothers sewed, and as joyful as the prints in Jaipur&rsquo;s bazaars.
            </p>
            <p className="text-lg text-muted">
              Today we work with a small circle of artisan families in and around Jaipur: block printers, tailors and
              embroiderers whose skills have passed from one generation to the next. Every frock, jhabla and kurta you
              find here is cut, printed and stitched by their hands.
            </p>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/shop" className={buttonClass.primary}>
              Browse the shop
            </Link>
            <Link to="/contact" className={buttonClass.secondary}>
              Say hello
            </Link>
          </div>
        </div>

        {main && (
          <div className="grid grid-cols-5 grid-rows-2 gap-3 sm:gap-4">
            <Picture
              collection={main}
              className="col-span-3 row-span-2"
              priority
              sizes="(min-width: 1024px) 30vw, 60vw"
            />
            {second && <Picture collection={second} className="col-span-2" sizes="(min-width: 1024px) 20vw, 40vw" />}
            {third && <Picture collection={third} className="col-span-2" sizes="(min-width: 1024px) 20vw, 40vw" />}
          </div>
        )}
      </section>

      <section aria-labelledby="facts-title" className="bg-sand/70 py-10">
        <h2 id="facts-title" className="sr-only">
          {SHOP_NAME} at a glance
        </h2>
        <dl className="container-shop grid gap-8 text-center sm:grid-cols-3">
          {FACTS.map((f) => (
            <div key={f.value}>
              <dt className="sr-only">{f.label}</dt>
              <dd className="font-display text-3xl text-brand-dark">{f.value}</dd>
              <dd className="mt-1 text-muted">{f.label}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="crafts-title" className="container-shop py-14 sm:py-20">
        <div className="max-w-2xl">
          <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">Our crafts</p>
          <h2 id="crafts-title" className="mt-3 text-3xl text-ink sm:text-4xl">
            Old techniques, made for today&rsquo;s children
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-muted">
            We choose natural fabrics and slow, careful crafts, then cut them for running, climbing and napping: roomy
            fits, soft seams and easy fastenings.
          </p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CRAFTS.map((craft, i) => (
            <li key={craft.name} className="rounded-2xl border border-linen bg-white/80 p-6">
              <span
                aria-hidden="true"
                className={`flex size-10 items-center justify-center rounded-full font-display text-lg ${
                  [
                    'bg-brand-soft text-brand-dark',
                    'bg-sage-soft text-sage',
                    'bg-sand text-mustard',
                    'bg-brand-soft text-brand-dark',
                  ][i]
                }`}
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-xl text-ink">{craft.name}</h3>
              <p className="mt-2 leading-relaxed text-muted">{craft.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="batches-title" className="container-shop">
        <div className="grid gap-10 rounded-2xl bg-brand-soft/60 p-8 sm:p-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <h2 id="batches-title" className="text-3xl text-ink sm:text-4xl">
              Small batches, made for you
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              We make in small batches and much of it to order, so nothing is wasted and our artisans work at a fair,
              steady pace. That is why an order takes 14-21 days to leave our studio: it is being made.
            </p>
          </div>
          <div className={proseClass}>
            <ul className="!mt-0">
              <li>Sizes from 0-3 months to 10-11 years, for everyday wear, festivals and family weddings.</li>
              <li>Every piece is checked by hand before it is folded, wrapped and sent.</li>
              <li>We ship across India and to families around the world.</li>
            </ul>
            <p>
              Read more in our <Link to="/shipping-policy">shipping policy</Link>, or{' '}
              <Link to="/contact">write to us</Link> with any question about sizes or a custom piece.
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}

function Picture({
  collection,
  className,
  sizes,
  priority,
}: {
  collection: Collection;
  className: string;
  sizes: string;
  priority?: boolean;
}) {
  return (
    <Link
      to={`/collections/${collection.id}`}
      className={`group relative block overflow-hidden rounded-2xl bg-sand ${className}`}
    >
      <ShopImage
        src={collection.image}
        alt=""
        width={640}
        height={800}
        sizes={sizes}
        priority={priority}
        className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
      />
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-ink/60 to-transparent px-4 pt-8 pb-3 text-sm font-semibold text-white">
        {collection.name}
      </span>
    </Link>
  );
}
