import type { Banner } from '@shop/contract';
import { PauseIcon, PlayIcon } from '../ui/icons';

/** The banners' pause/play button and one dot per slide (see BannerSlider). */
export function BannerControls({
  banners,
  selected,
  playing,
  ready,
  onTogglePlay,
  onGoTo,
}: {
  banners: Banner[];
  selected: number;
  playing: boolean;
  /** The page is hydrated. The controls need the script: until it runs they keep their place but cannot be reached. */
  ready: boolean;
  onTogglePlay: () => void;
  onGoTo: (index: number) => void;
}) {
  const count = banners.length;
  return (
    <div
      className={`absolute inset-x-0 bottom-5 z-10 flex items-center justify-center gap-3 md:bottom-7 ${ready ? '' : 'invisible'}`}
    >
      <div className="flex items-center gap-1 rounded-full bg-cream/85 px-2 py-1 shadow-sm backdrop-blur">
        <button
          type="button"
          onClick={onTogglePlay}
          aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
          className="inline-flex size-9 items-center justify-center rounded-full text-ink transition hover:bg-sand hover:text-brand-dark"
        >
          {playing ? <PauseIcon size={4} /> : <PlayIcon size={4} />}
        </button>
        {banners.map((banner, i) => (
          <button
            key={banner.id}
            type="button"
            onClick={() => onGoTo(i)}
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
  );
}
