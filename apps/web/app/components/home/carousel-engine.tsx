import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type EmblaApi = NonNullable<UseEmblaCarouselType[1]>;
type Options = Parameters<typeof useEmblaCarousel>[0];
type Plugins = Parameters<typeof useEmblaCarousel>[1];

/**
 * Embla on a carousel's viewport that is already on the page. The home page's
 * carousels load this (and Embla) once they are hydrated rather than with the
 * page: the server-rendered first slides show and lay out the same without it.
 */
export default function CarouselEngine({
  viewport,
  options,
  plugins,
  onApi,
}: {
  viewport: HTMLElement;
  options?: Options;
  plugins?: Plugins;
  onApi: (api: EmblaApi | undefined) => void;
}) {
  const [ref, api] = useEmblaCarousel(options, plugins);
  useEffect(() => {
    // Scrolled by hand before the script came (the strip scrolls natively): Embla moves it from here on.
    viewport.scrollLeft = 0;
    ref(viewport);
    return () => ref(null);
  }, [ref, viewport]);
  useEffect(() => onApi(api), [api, onApi]);
  return null;
}
