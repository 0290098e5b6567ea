import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '~/lib/auth';
import { UserIcon } from './icons';
import { ACCOUNT_BADGE, ACCOUNT_TRIGGER, ICON_BUTTON } from './nav';

// Radix's dropdown menu loads only for a signed-in shopper, not with every page.
const AccountDropdown = lazy(() => import('./account-menu-dropdown'));

/** Desktop account control (spec §2): 'My Account' menu when signed in, otherwise 'Sign in'. */
export function AccountMenu() {
  const { status } = useAuth();
  // A click while the menu is still loading opens it once it has.
  const [openOnLoad, setOpenOnLoad] = useState(false);

  if (status !== 'signed-in') {
    return (
      <Link to="/login" aria-label="Sign in" title="Sign in" className={ICON_BUTTON}>
        <UserIcon />
      </Link>
    );
  }

  return (
    <Suspense
      fallback={
        <button
          type="button"
          aria-label="My Account"
          title="My Account"
          aria-haspopup="menu"
          aria-expanded={false}
          className={ACCOUNT_TRIGGER}
          onClick={() => setOpenOnLoad(true)}
        >
          <UserIcon />
          <span aria-hidden="true" className={ACCOUNT_BADGE} />
        </button>
      }
    >
      <AccountDropdown defaultOpen={openOnLoad} />
    </Suspense>
  );
}
