import Autoplay from 'embla-carousel-autoplay';
import Fade from 'embla-carousel-fade';
import { useState } from 'react';
import CarouselEngine, { type EmblaApi } from './carousel-engine';

/** docs/product.md#home: a new banner every few seconds, fading over about 1500 ms. */
const AUTOPLAY_DELAY_MS = 4000;
/**
 * The Fade plugin has no duration option: its speed follows Embla's `duration`
 * (physics steps at 60 per second, not ms). 45 brings the incoming slide to
 * 99% opacity in about 1450 ms.
 */
const FADE_DURATION = 45;

const OPTIONS = { loop: true, duration: FADE_DURATION };

/** The banners' Embla, with its fade and autoplay (see BannerSlider): loaded after hydration. */
export default function BannerEngine({
  viewport,
  onApi,
}: {
  viewport: HTMLElement;
  onApi: (api: EmblaApi | undefined) => void;
}) {
  const [plugins] = useState(() => [
    Fade(),
    Autoplay({ delay: AUTOPLAY_DELAY_MS, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: true }),
  ]);
  return <CarouselEngine viewport={viewport} options={OPTIONS} plugins={plugins} onApi={onApi} />;
}
