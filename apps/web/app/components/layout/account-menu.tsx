import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '~/lib/auth';
import { useHydrated } from '~/lib/use-hydrated';
import { UserIcon } from '../ui/icons';
import { ACCOUNT_BADGE, ACCOUNT_TRIGGER, WORD_BUTTON } from './nav';

// Radix's dropdown menu loads only for a signed-in shopper, not with every page.
const AccountDropdown = lazy(() => import('./account-menu-dropdown'));

/**
 * Desktop account control (docs/product.md#layout), with its word beside the icon: 'My
 * Account' menu when signed in, otherwise 'Sign in'. Before the scripts run,
 * 'My Account' is a link to the profile page, which has Logout too.
 */
export function AccountMenu() {
  const { status } = useAuth();
  const hydrated = useHydrated();
  // A click while the menu is still loading opens it once it has.
  const [openOnLoad, setOpenOnLoad] = useState(false);

  if (status !== 'signed-in') {
    return (
      <Link to="/login" className={WORD_BUTTON}>
        <UserIcon />
        Sign in
      </Link>
    );
  }
  if (!hydrated) {
    return (
      <Link to="/my-profile" className={ACCOUNT_TRIGGER}>
        <UserIcon />
        <span aria-hidden="true" className={ACCOUNT_BADGE} />
        My Account
      </Link>
    );
  }
  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={false}
          className={ACCOUNT_TRIGGER}
          onClick={() => setOpenOnLoad(true)}
        >
          <UserIcon />
          <span aria-hidden="true" className={ACCOUNT_BADGE} />
          My Account
        </button>
      }
    >
      <AccountDropdown defaultOpen={openOnLoad} />
    </Suspense>
  );
}
