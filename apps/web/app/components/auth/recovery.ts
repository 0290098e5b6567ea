import { useSyncExternalStore } from 'react';
import { useLocation, useSearchParams } from 'react-router';

const noSubscribe = () => () => undefined;

/** False on the server and during hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/**
 * A value of the password recovery (the email, the code): from the address
 * when it is there, else from the navigation state. The state lives in the
 * tab's history, so it survives a reload too, but the server cannot see it:
 * it is read only after hydration, and `settled` is false until then.
 */
export function useRecoveryParam(name: 'email' | 'otp'): { value: string; settled: boolean } {
  const [params] = useSearchParams();
  const state = useLocation().state as Record<string, unknown> | null;
  const hydrated = useHydrated();
  const fromUrl = params.get(name);
  if (fromUrl !== null) return { value: fromUrl, settled: true };
  const fromState = state?.[name];
  return { value: hydrated && typeof fromState === 'string' ? fromState : '', settled: hydrated };
}
