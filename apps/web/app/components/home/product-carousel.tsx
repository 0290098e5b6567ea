import type { ListingItem } from '@shop/contract';
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { ChevronIcon } from '../ui/icons';
import { ProductCard } from '../product/product-card';
import type { EmblaApi } from './carousel-engine';

// Embla loads once the row is hydrated, not with the page.
const CarouselEngine = lazy(() => import('./carousel-engine'));
const OPTIONS = { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' } as const;

/** docs/product.md#home: 6 cards from 1900 px, 5 from 1024 px, 3 from 464 px, 2 below. */
const SLIDE =
  'min-w-0 shrink-0 grow-0 basis-1/2 pl-4 min-[464px]:basis-1/3 min-[1024px]:basis-1/5 min-[1900px]:basis-1/6';
const CARD_SIZES =
  '(min-width: 1900px) 16vw, (min-width: 1280px) 250px, (min-width: 1024px) 20vw, (min-width: 464px) 33vw, 50vw';

const arrow =
  'inline-flex size-11 items-center justify-center rounded-full border border-linen bg-white text-ink shadow-sm transition hover:border-brand hover:text-brand-dark disabled:cursor-default disabled:opacity-40 disabled:hover:border-linen disabled:hover:text-ink';

/**
 * A row of product cards that slides (swipe, arrows, previous/next buttons).
 * Before the script runs (or without it) the row is the browser's own
 * scroll-snapping strip: the first cards show and the rest scroll into view.
 */
export function ProductCarousel({ items, label }: { items: ListingItem[]; label: string }) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaApi>();
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      next();
    }
  };

  const scrollable = canPrev || canNext;

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown} className="relative">
      <div
        ref={setViewport}
        className={
          embla
            ? 'overflow-hidden'
            : 'snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden'
        }
      >
        <div className={`-ml-4 flex ${embla ? 'touch-pan-y' : ''}`}>
          {items.map((item, i) => (
            <div
              key={item.products.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${items.length}`}
              className={`${SLIDE} snap-start`}
            >
              <ProductCard item={item} sizes={CARD_SIZES} />
            </div>
          ))}
        </div>
      </div>
      <div className={`mt-6 flex justify-center gap-3 ${scrollable ? '' : 'invisible'}`}>
        <button
          type="button"
          onClick={prev}
          disabled={!canPrev}
          aria-label={`Previous products: ${label}`}
          className={arrow}
        >
          <ChevronIcon direction="left" size={5} />
        </button>
        <button
          type="button"
          onClick={next}
          disabled={!canNext}
          aria-label={`Next products: ${label}`}
          className={arrow}
        >
          <ChevronIcon direction="right" size={5} />
        </button>
      </div>
      {viewport && (
        <Suspense fallback={null}>
          <CarouselEngine viewport={viewport} options={OPTIONS} onApi={setEmbla} />
        </Suspense>
      )}
    </div>
  );
}
