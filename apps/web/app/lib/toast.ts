import { useSyncExternalStore } from 'react';
import type { toast as SonnerToast } from 'sonner';
import { ApiError } from './api';

type Sonner = typeof SonnerToast;

// sonner (about 10 kB gzipped) loads with the first toast rather than with every page,
// and <Toasts> (root.tsx) mounts its <Toaster> then; sonner shows toasts made before that.
let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function show(make: (sonner: Sonner) => unknown): void {
  if (typeof window === 'undefined') return;
  sonner ??= import('sonner').then((m) => m.toast);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void sonner.then(make);
}

/** Toasts of the shop: top-right, closing after 1500 ms (docs/product.md#layout); see <Toasts> in root.tsx. */
export const toast = {
  success: (message: string) => show((t) => t.success(message)),
  error: (message: string) => show((t) => t.error(message)),
  info: (message: string) => show((t) => t(message)),
  /** The server's words for a failed call (docs/product.md#messages: the first of `errors`), or a fallback. */
  apiError: (err: unknown, fallback = 'Something went wrong ! Please try again later.') => {
    // An ended session was announced once already ('Logged out. Please log in again').
    if (err instanceof ApiError && err.sessionEnded) return;
    show((t) => t.error(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.firstError : fallback));
  },
};

/** Whether any toast was asked for yet: until then the page needs no <Toaster>. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
