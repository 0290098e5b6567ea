import type { Banner } from '@shop/contract';
import { imageSrcSet, resizeImageUrl } from '@shop/contract/lite';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../ui/icons';

const LARGE_WIDTHS = [960, 1280, 1600, 1920] as const;
const MOBILE_WIDTHS = [480, 640, 960] as const;

/**
 * One banner (see BannerSlider): its picture, a wash that keeps the text
 * readable, and the text, which rises in once the slide is the selected one.
 */
export function BannerSlide({
  banner,
  index,
  count,
  selected,
  inert,
  showPicture,
}: {
  banner: Banner;
  index: number;
  count: number;
  /** The slide showing (or fading in). */
  selected: boolean;
  /** Not the selected slide, or still fading in: neither focusable nor clickable. */
  inert: boolean;
  /** The first picture comes with the page; the others once it is hydrated. */
  showPicture: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      inert={inert}
      className="relative h-[72svh] max-h-[640px] min-h-[480px] min-w-0 flex-[0_0_100%] md:h-[min(76svh,56vw)] md:max-h-[880px] md:min-h-[460px]"
    >
      {showPicture && <BannerPicture banner={banner} priority={index === 0} />}
      {/* A soft wash keeps the text readable: from the top on phones, from the left on wide screens. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-gradient-to-b from-cream/90 via-cream/35 via-45% to-transparent to-70% md:bg-gradient-to-r md:from-cream/85 md:via-cream/40 md:via-40% md:to-transparent md:to-60%"
      />
      <div className="absolute inset-0">
        <div className="container-shop flex h-full flex-col items-start pt-9 md:justify-center md:pt-0 md:pb-10">
          <div
            className={`max-w-[20rem] transition ease-out motion-reduce:transition-none sm:max-w-md lg:max-w-lg ${
              selected ? 'translate-y-0 opacity-100 delay-500 duration-700' : 'translate-y-3 opacity-0 duration-300'
            }`}
          >
            <p className="text-xs font-bold tracking-[0.22em] text-brand-dark uppercase sm:text-sm">
              Handcrafted in India
            </p>
            <h2 className="mt-2 text-[2rem] leading-[1.08] text-ink sm:text-5xl lg:text-6xl">{banner.title}</h2>
            <p className="mt-3 text-[0.95rem] leading-relaxed text-ink/80 sm:mt-4 sm:text-lg">{banner.subtitle}</p>
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
