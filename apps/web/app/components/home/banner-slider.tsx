import type { Banner } from '@shop/contract';
import { Suspense, lazy, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { BannerControls } from './banner-controls';
import { BannerSlide } from './banner-slide';
import type { EmblaApi } from './carousel-engine';
import { useBannerPlayer } from './use-banner-player';

// Embla, its fade and its autoplay load once the banners are hydrated, not with the page.
const BannerEngine = lazy(() => import('./banner-engine'));

/**
 * The home page's full-height fading banners (docs/product.md#home): the wide picture on
 * screens from 768 px, the tall one on phones; text over the calm side.
 * Autoplay pauses on focus or interaction and with the pause button, and does
 * not start for people who prefer reduced motion.
 */
export function BannerSlider({ banners }: { banners: Banner[] }) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaApi>();
  const { selected, settled, playing, goTo, togglePlay, onKeyDown } = useBannerPlayer(embla);
  // The other banners' pictures join once the page is hydrated (long before the
  // first change): while it loads, the first picture has the connection to itself.
  const hydrated = useHydrated();

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
            <BannerSlide
              key={banner.id}
              banner={banner}
              index={i}
              count={count}
              selected={i === selected}
              inert={i !== selected || i !== settled}
              showPicture={i === 0 || hydrated}
            />
          ))}
        </div>
      </div>
      {count > 1 && (
        <BannerControls
          banners={banners}
          selected={selected}
          playing={playing}
          ready={hydrated}
          onTogglePlay={togglePlay}
          onGoTo={goTo}
        />
      )}
      {viewport && (
        <Suspense fallback={null}>
          <BannerEngine viewport={viewport} onApi={setEmbla} />
        </Suspense>
      )}
    </section>
  );
}
