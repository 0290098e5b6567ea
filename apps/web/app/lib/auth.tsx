import type { User } from '@shop/contract';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { onUnauthorized } from './api';
import { MESSAGES } from '@shop/contract/lite';
import { toast } from './toast';

export type AuthStatus = 'anonymous' | 'signed-in';

interface AuthState {
  status: AuthStatus;
  user: User | null;
}

const AuthContext = createContext<AuthState | null>(null);

/** The calls from the browser after whose 401 the spec sends the shopper to /login (docs/product.md#sessions). */
export const redirectsToLogin = (path: string, method: string) =>
  (method === 'POST' && (path === '/carts' || path === '/orders')) || path.startsWith('/wishlist');

/**
 * The login state (docs/product.md#sessions), as the server knows it: the root loader reads
 * the session cookie (docs/product.md#screens), so pages render signed in or not from
 * the start and log in and out through forms (routes/login.tsx, logout.tsx).
 * A 401 on a call the page makes itself (the payment) ends the session here
 * at once; the server has already forgotten it.
 */
export function AuthProvider({ user: fromServer, children }: { user: User | null; children: React.ReactNode }) {
  const [ended, setEnded] = useState<User | null>(null);
  const user = fromServer && fromServer !== ended ? fromServer : null;
  const current = useRef(user);
  current.current = user;

  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(({ path, method }) => {
        if (!current.current) return false;
        setEnded(current.current);
        toast.error(MESSAGES.loggedOut);
        if (redirectsToLogin(path, method)) {
          const back = `${window.location.pathname}${window.location.search}`;
          void navigate(`/login?redirectTo=${encodeURIComponent(back)}`);
        }
        return true;
      }),
    [navigate],
  );

  const value = useMemo<AuthState>(() => ({ status: user ? 'signed-in' : 'anonymous', user }), [user]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
