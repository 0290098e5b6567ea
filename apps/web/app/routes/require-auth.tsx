import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';
import { toast } from '~/lib/toast';

export const meta = () => [{ name: 'robots', content: 'noindex' }];

/**
 * The wrapper of every signed-in page (spec §2): 'Loading...' while the stored
 * login is restored; an anonymous visitor goes to /login with the spec's
 * message and comes back here after signing in.
 */
export default function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (status === 'signed-in') wasSignedIn.current = true;
    if (status !== 'anonymous') return;
    // A shopper who just signed out (or was signed out by a 401) has been told already.
    if (!wasSignedIn.current) toast.error('Please login to access this page');
    const back = `${location.pathname}${location.search}`;
    void navigate(`/login?redirectTo=${encodeURIComponent(back)}`, { replace: true });
  }, [status, location.pathname, location.search, navigate]);

  if (status !== 'signed-in') {
    return (
      <div className="container-shop py-24 text-center text-muted" role="status">
        Loading...
      </div>
    );
  }
  return <Outlet />;
}
