import { useCallback, useRef, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { ShopImage } from '~/components/ui/shop-image';
import { ChevronBoldIcon } from '~/components/ui/product-icons';

const MAIN_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw';

function SlideImage({ src, index, alt }: { src: string; index: number; alt: string }) {
  return (
    <ShopImage
      src={src}
      alt={index === 0 ? alt : `${alt}, picture ${index + 1}`}
      width={1280}
      height={1600}
      sizes={MAIN_SIZES}
      widths={[480, 640, 960, 1280, 1600]}
      priority={index === 0}
      className="aspect-[4/5] w-full object-cover"
    />
  );
}

/**
 * The product's pictures: swiped on phones (with dots), with thumbnails and
 * arrows on wider screens. The first picture loads first; the others lazily.
 * The strip is the browser's own scroll snapping, so no carousel script loads.
 */
export function Gallery({ images, alt }: { images: string[]; alt: string }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  const count = images.length;
  // The other pictures join once the page is hydrated: while it loads, the
  // first (the largest paint) does not share the connection with them.
  const hydrated = useHydrated();

  const go = useCallback(
    (i: number) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const to = Math.max(0, Math.min(count - 1, i));
      viewport.scrollTo({ left: to * viewport.clientWidth, behavior: 'smooth' });
      setSelected(to);
    },
    [count],
  );

  const onScroll = () => {
    const viewport = viewportRef.current;
    if (viewport && viewport.clientWidth > 0) setSelected(Math.round(viewport.scrollLeft / viewport.clientWidth));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(selected + 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(selected - 1);
    }
  };

  const arrow =
    'absolute top-1/2 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink shadow-md transition hover:bg-white disabled:opacity-0 lg:grid';

  return (
    <div
      className="flex flex-col gap-4 lg:sticky lg:top-24 lg:flex-row-reverse lg:self-start"
      data-testid="product-gallery"
    >
      <div className="relative min-w-0 flex-1">
        <div
          ref={viewportRef}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-3xl bg-sand [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
          onScroll={count > 1 ? onScroll : undefined}
          role="region"
          aria-roledescription="carousel"
          aria-label="Product pictures"
          tabIndex={count > 1 ? 0 : undefined}
          onKeyDown={count > 1 ? onKeyDown : undefined}
        >
          {images.map((src, i) => (
            <div
              key={src}
              className="min-w-0 flex-[0_0_100%] snap-start snap-always"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
            >
              {i === 0 || hydrated ? (
                <SlideImage src={src} index={i} alt={alt} />
              ) : (
                // Without scripts the strip still scrolls: the browser loads these pictures itself.
                <noscript>
                  <SlideImage src={src} index={i} alt={alt} />
                </noscript>
              )}
            </div>
          ))}
        </div>

        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(selected - 1)}
              disabled={selected === 0}
              aria-label="Previous picture"
              className={`${arrow} left-4`}
            >
              <ChevronBoldIcon direction="left" size={5} />
            </button>
            <button
              type="button"
              onClick={() => go(selected + 1)}
              disabled={selected === count - 1}
              aria-label="Next picture"
              className={`${arrow} right-4`}
            >
              <ChevronBoldIcon direction="right" size={5} />
            </button>
            <div className="absolute inset-x-0 bottom-4 flex justify-center gap-1.5 lg:hidden">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  onClick={() => go(i)}
                  aria-label={`Show picture ${i + 1} of ${count}`}
                  aria-current={i === selected ? 'true' : undefined}
                  className="grid size-6 place-items-center"
                >
                  <span
                    className={`block h-2 rounded-full shadow transition-all ${
                      i === selected ? 'w-6 bg-ink' : 'w-2 bg-white/90'
                    }`}
                  />
                </button>
              ))}
            </div>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="hidden gap-3 lg:flex lg:w-20 lg:shrink-0 lg:flex-col" aria-label="Choose a picture">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-current={i === selected ? 'true' : undefined}
                className={`block overflow-hidden rounded-xl bg-sand ring-offset-2 ring-offset-cream transition ${
                  i === selected ? 'ring-2 ring-ink' : 'opacity-70 hover:opacity-100'
                }`}
              >
                <ShopImage
                  src={src}
                  alt=""
                  width={160}
                  height={200}
                  sizes="80px"
                  widths={[160, 320]}
                  className="aspect-[4/5] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
