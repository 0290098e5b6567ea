import type { ListingItem } from '@shop/contract';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ProductCard } from '~/components/product/product-card';
import { ChevronBoldIcon } from '~/components/ui/product-icons';

/** 'More from <category>': a row that scrolls sideways (swipe on phones, arrows on wide screens). */
export function RelatedRow({
  title,
  items,
  viewAll,
}: {
  title: string;
  items: ListingItem[];
  viewAll: { to: string; label: string };
}) {
  const rowRef = useRef<HTMLUListElement>(null);
  if (items.length === 0) return null;
  const scroll = (dir: 1 | -1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: dir * row.clientWidth * 0.8, behavior: 'smooth' });
  };
  const arrow =
    'hidden size-11 place-items-center rounded-full border border-linen bg-white text-ink transition hover:border-ink sm:grid';
  return (
    <section
      aria-labelledby="related-heading"
      className="border-t border-linen py-12 [contain-intrinsic-size:auto_560px] [content-visibility:auto] sm:py-16"
    >
      <div className="container-shop">
        <div className="mb-6 flex items-end justify-between gap-4 sm:mb-8">
          <div>
            <h2 id="related-heading" className="text-2xl text-ink sm:text-4xl">
              {title}
            </h2>
            <Link
              to={viewAll.to}
              className="mt-2 inline-block text-sm font-bold text-brand-dark underline-offset-4 hover:underline"
            >
              {viewAll.label} <span aria-hidden="true">→</span>
            </Link>
          </div>
          <div className="flex gap-2">
            <button type="button" className={arrow} onClick={() => scroll(-1)} aria-label="Scroll back">
              <ChevronBoldIcon direction="left" size={5} />
            </button>
            <button type="button" className={arrow} onClick={() => scroll(1)} aria-label="Scroll on">
              <ChevronBoldIcon direction="right" size={5} />
            </button>
          </div>
        </div>
        <ul
          ref={rowRef}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 [scrollbar-width:thin] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8"
        >
          {items.map((item) => (
            <li key={item.products.id} className="w-[44%] shrink-0 snap-start sm:w-[30%] lg:w-[22%] xl:w-[18.4%]">
              <ProductCard
                item={item}
                sizes="(min-width: 1280px) 240px, (min-width: 1024px) 22vw, (min-width: 640px) 30vw, 44vw"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
