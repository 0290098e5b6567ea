import { useCallback, useEffect, useRef, useState } from 'react';
import type { EmblaApi } from './carousel-engine';

/** Past the fade and the text's entrance (500 ms delay + 700 ms), should Embla's 'settle' not come. */
const SETTLE_MS = 1600;

/**
 * The banners' state once Embla runs (see BannerSlider): which slide shows,
 * which has finished fading in, whether autoplay plays, and the shopper's
 * controls (dots, pause button, arrow keys). Autoplay does not start for
 * people who prefer reduced motion, nor again after the shopper paused it.
 */
export function useBannerPlayer(embla: EmblaApi | undefined) {
  const [selected, setSelected] = useState(0);
  /**
   * The slide whose fade-in has finished. The incoming slide stays inert until
   * then: its half-faded link is neither focusable nor clickable, and checkers
   * do not read its contrast halfway through the fade.
   */
  const [settled, setSettled] = useState(0);
  const [playing, setPlaying] = useState(false);
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

  /** The arrow keys step through the slides, and stop autoplay for good like the pause button. */
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!embla || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    userPaused.current = true;
    embla.plugins().autoplay?.stop();
    if (e.key === 'ArrowLeft') embla.scrollPrev();
    else embla.scrollNext();
  };

  return { selected, settled, playing, goTo, togglePlay, onKeyDown };
}
