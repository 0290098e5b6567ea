import type { User } from '@shop/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, onUnauthorized } from './api';
import { TOKEN_KEY, USER_KEY } from './config';
import { toast } from './toast';

export type AuthStatus = 'loading' | 'anonymous' | 'signed-in';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  token: string | null;
  signIn: (token: string, user: User) => void;
  /** Ends the session on the server too; `quiet` skips the toast. */
  signOut: (options?: { quiet?: boolean }) => Promise<void>;
  updateUser: (user: User) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** The calls after whose 401 the spec sends the shopper to /login (spec §6). */
export const redirectsToLogin = (path: string, method: string) =>
  (method === 'POST' && (path === '/carts' || path === '/orders')) || path.startsWith('/wishlist');

function readStored(): { token: string | null; user: User | null } {
  try {
    const token = window.localStorage.getItem(TOKEN_KEY);
    const raw = window.localStorage.getItem(USER_KEY);
    return { token, user: token && raw ? (JSON.parse(raw) as User) : null };
  } catch {
    return { token: null, user: null };
  }
}

function store(token: string | null, user: User | null) {
  try {
    if (token && user) {
      window.localStorage.setItem(TOKEN_KEY, token);
      window.localStorage.setItem(USER_KEY, JSON.stringify(user));
    } else {
      window.localStorage.removeItem(TOKEN_KEY);
      window.localStorage.removeItem(USER_KEY);
    }
  } catch {
    // Private mode without storage: the session lasts as long as the page.
  }
}

/**
 * The login state (spec §4): restored from local storage on start and
 * checked with the server; 'loading' until then, so the server render and
 * the first client render agree.
 */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<{ status: AuthStatus; user: User | null; token: string | null }>({
    status: 'loading',
    user: null,
    token: null,
  });

  useEffect(() => {
    const { token, user } = readStored();
    if (!token || !user) {
      setState({ status: 'anonymous', user: null, token: null });
      return;
    }
    setState({ status: 'signed-in', user, token });
    // The stored token may have expired or been revoked elsewhere.
    api<{ user: User }>('/user/me')
      .then(({ user: fresh }) => {
        store(token, fresh);
        setState((s) => (s.token === token ? { ...s, user: fresh } : s));
      })
      .catch(() => undefined); // a 401 is handled by the listener below
  }, []);

  const signIn = useCallback((token: string, user: User) => {
    store(token, user);
    setState({ status: 'signed-in', user, token });
  }, []);

  const clear = useCallback(() => {
    store(null, null);
    setState({ status: 'anonymous', user: null, token: null });
  }, []);

  const signOut = useCallback(
    async (options?: { quiet?: boolean }) => {
      await api('/logout', { method: 'POST' }).catch(() => undefined);
      clear();
      if (!options?.quiet) toast.success('Logout Successfully !');
    },
    [clear],
  );

  const updateUser = useCallback((user: User) => {
    setState((s) => {
      if (s.token) store(s.token, user);
      return { ...s, user };
    });
  }, []);

  // Spec §6: a 401 on an authenticated call logs the shopper out; after adding to
  // the cart, placing an order or any wishlist call, the shopper is also sent to /login.
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(({ path, method }) => {
        clear();
        toast.error('Logged out. Please log in again');
        if (redirectsToLogin(path, method)) {
          const back = `${window.location.pathname}${window.location.search}`;
          void navigate(`/login?redirectTo=${encodeURIComponent(back)}`);
        }
      }),
    [clear, navigate],
  );

  const value = useMemo(() => ({ ...state, signIn, signOut, updateUser }), [state, signIn, signOut, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
