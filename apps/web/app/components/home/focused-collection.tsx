import type { HomeCustomization } from '@shop/contract';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../ui/icons';
import { ProductCard } from '../product/product-card';
import { buttonClass } from '~/components/ui/button';

type Focused = HomeCustomization['focusedCollection'][number];

const CARD_SIZES = '(min-width: 1280px) 260px, (min-width: 1024px) 20vw, (min-width: 640px) 30vw, 70vw';

/** The focused collection (docs/product.md#home): its name, a few words, up to 3 products and 'Explore More'. */
export function FocusedCollection({ focused }: { focused: Focused }) {
  const { collection, content, products } = focused;
  const headingId = `focused-${collection.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="bg-sand/70 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:py-20 lg:[contain-intrinsic-size:auto_560px]"
    >
      <div className="container-shop grid items-center gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-14">
        <div className="text-center lg:text-left">
          <p className="text-xs font-bold tracking-[0.22em] text-brand-dark uppercase">In focus</p>
          <h2 id={headingId} className="mt-2 text-3xl leading-tight text-ink sm:text-4xl lg:text-5xl">
            {collection.name}
          </h2>
          <p className="mx-auto mt-5 max-w-xl leading-relaxed text-ink/80 sm:text-lg lg:mx-0">{content}</p>
          <Link to={`/collections/${collection.id}`} className={`${buttonClass.large} mt-8`}>
            Explore More <ArrowRightIcon size={4} />
            <span className="sr-only">: {collection.name}</span>
          </Link>
        </div>
        {products.length > 0 && (
          <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-3 sm:overflow-visible sm:px-0 sm:pb-0">
            {products.slice(0, 3).map((item) => (
              <li key={item.products.id} className="w-[62%] shrink-0 snap-start sm:w-auto">
                <ProductCard item={item} sizes={CARD_SIZES} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
