import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False in the server render and the first client render, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
