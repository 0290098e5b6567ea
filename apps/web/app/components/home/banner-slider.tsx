import type { Banner } from '@shop/contract';
import { useHydrated } from '~/lib/use-hydrated';
import { imageSrcSet, resizeImageUrl } from '@shop/contract/lite';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, PauseIcon, PlayIcon } from '../ui/icons';
import type { EmblaApi } from './carousel-engine';

// Embla, its fade and its autoplay load once the banners are hydrated, not with the page.
const BannerEngine = lazy(() => import('./banner-engine'));

/** Past the fade and the text's entrance (500 ms delay + 700 ms), should Embla's 'settle' not come. */
const SETTLE_MS = 1600;

const LARGE_WIDTHS = [960, 1280, 1600, 1920] as const;
const MOBILE_WIDTHS = [480, 640, 960] as const;

/**
 * The home page's full-height fading banners (docs/product.md#home): the wide picture on
 * screens from 768 px, the tall one on phones; text over the calm side.
 * Autoplay pauses on focus or interaction and with the pause button, and does
 * not start for people who prefer reduced motion.
 */
export function BannerSlider({ banners }: { banners: Banner[] }) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaApi>();
  const [selected, setSelected] = useState(0);
  /**
   * The slide whose fade-in has finished. The incoming slide stays inert until
   * then: its half-faded link is neither focusable nor clickable, and checkers
   * do not read its contrast halfway through the fade.
   */
  const [settled, setSettled] = useState(0);
  const [playing, setPlaying] = useState(false);
  // The other banners' pictures join once the page is hydrated (long before the
  // first change): while it loads, the first picture has the connection to itself.
  const hydrated = useHydrated();
  /** The shopper paused (button or arrow keys): a resize, which re-creates the plugins, must not restart it. */
  const userPaused = useRef(false);

  useEffect(() => {
    if (!embla) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const start = () => {
      if (!reducedMotion && !userPaused.current) embla.plugins().autoplay?.play();
    };
    const onSelect = (api: EmblaApi) => setSelected(api.selectedScrollSnap());
    const onReInit = (api: EmblaApi) => {
      onSelect(api);
      start();
    };
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    embla.on('select', onSelect).on('reInit', onReInit).on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    start();
    return () => {
      embla.off('select', onSelect).off('reInit', onReInit).off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [embla]);

  useEffect(() => {
    const settle = () => setSettled(selected);
    const timer = setTimeout(settle, SETTLE_MS);
    embla?.on('settle', settle);
    return () => {
      clearTimeout(timer);
      embla?.off('settle', settle);
    };
  }, [embla, selected]);

  const goTo = useCallback(
    (index: number) => {
      if (!embla) return;
      embla.scrollTo(index);
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  const togglePlay = () => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    userPaused.current = autoplay.isPlaying();
    if (userPaused.current) autoplay.stop();
    else autoplay.play();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!embla) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      userPaused.current = true;
      embla.plugins().autoplay?.stop();
      embla.scrollPrev();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      userPaused.current = true;
      embla.plugins().autoplay?.stop();
      embla.scrollNext();
    }
  };

  if (banners.length === 0) return null;
  const count = banners.length;

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      onKeyDown={onKeyDown}
      className="relative isolate overflow-hidden bg-sand"
    >
      <div ref={setViewport} className="overflow-hidden">
        <div className="flex touch-pan-y" aria-live={playing ? 'off' : 'polite'}>
          {banners.map((banner, i) => (
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              inert={i !== selected || i !== settled}
              className="relative h-[72svh] max-h-[640px] min-h-[480px] min-w-0 flex-[0_0_100%] md:h-[min(76svh,56vw)] md:max-h-[880px] md:min-h-[460px]"
            >
              {(i === 0 || hydrated) && <BannerPicture banner={banner} priority={i === 0} />}
              {/* A soft wash keeps the text readable: from the top on phones, from the left on wide screens. */}
              <div
                aria-hidden="true"
                className="absolute inset-0 bg-gradient-to-b from-cream/90 via-cream/35 via-45% to-transparent to-70% md:bg-gradient-to-r md:from-cream/85 md:via-cream/40 md:via-40% md:to-transparent md:to-60%"
              />
              <div className="absolute inset-0">
                <div className="container-shop flex h-full flex-col items-start pt-9 md:justify-center md:pt-0 md:pb-10">
                  <div
                    className={`max-w-[20rem] transition ease-out motion-reduce:transition-none sm:max-w-md lg:max-w-lg ${
                      i === selected
                        ? 'translate-y-0 opacity-100 delay-500 duration-700'
                        : 'translate-y-3 opacity-0 duration-300'
                    }`}
                  >
                    <p className="text-xs font-bold tracking-[0.22em] text-brand-dark uppercase sm:text-sm">
                      Handcrafted in India
                    </p>
                    <h2 className="mt-2 text-[2rem] leading-[1.08] text-ink sm:text-5xl lg:text-6xl">{banner.title}</h2>
                    <p className="mt-3 text-[0.95rem] leading-relaxed text-ink/80 sm:mt-4 sm:text-lg">
                      {banner.subtitle}
                    </p>
                    <Link
                      to={banner.link}
                      className="mt-5 inline-flex items-center gap-2 rounded-full bg-brand px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-dark sm:mt-7 sm:px-7 sm:py-3.5"
                    >
                      {banner.cta} <ArrowRightIcon size={4} />
                    </Link>
                  </div>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>

      {count > 1 && (
        // The controls need the script: until it runs they keep their place but cannot be reached.
        <div
          className={`absolute inset-x-0 bottom-5 z-10 flex items-center justify-center gap-3 md:bottom-7 ${hydrated ? '' : 'invisible'}`}
        >
          <div className="flex items-center gap-1 rounded-full bg-cream/85 px-2 py-1 shadow-sm backdrop-blur">
            <button
              type="button"
              onClick={togglePlay}
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              className="inline-flex size-9 items-center justify-center rounded-full text-ink transition hover:bg-sand hover:text-brand-dark"
            >
              {playing ? <PauseIcon size={4} /> : <PlayIcon size={4} />}
            </button>
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => goTo(i)}
                aria-label={`Show slide ${i + 1} of ${count}: ${banner.title}`}
                aria-current={i === selected ? 'true' : undefined}
                className="group inline-flex size-9 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all duration-300 ${
                    i === selected ? 'w-7 bg-brand-dark' : 'w-2.5 bg-ink/30 group-hover:bg-ink/55'
                  }`}
                />
              </button>
            ))}
          </div>
        </div>
      )}
      {viewport && (
        <Suspense fallback={null}>
          <BannerEngine viewport={viewport} onApi={setEmbla} />
        </Suspense>
      )}
    </section>
  );
}

/** The wide picture from 768 px, the tall one below; the first is the page's largest paint. */
function BannerPicture({ banner, priority }: { banner: Banner; priority: boolean }) {
  return (
    <picture>
      <source media="(min-width: 768px)" srcSet={imageSrcSet(banner.large_image, LARGE_WIDTHS)} sizes="100vw" />
      <img
        src={resizeImageUrl(banner.mobile_image, 640)}
        srcSet={imageSrcSet(banner.mobile_image, MOBILE_WIDTHS)}
        sizes="100vw"
        alt=""
        width={960}
        height={1200}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className="absolute inset-0 h-full w-full object-cover object-bottom md:object-[72%_50%]"
      />
    </picture>
  );
}
