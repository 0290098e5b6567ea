import { Link } from 'react-router';
import { LogoutButton } from '~/components/auth/logout-button';
import { useAuth } from '~/lib/auth';
import { ACCOUNT_LINKS, useCartCount } from './nav';

/** A row of the phone menu, the drawer's and the /menu page's: a big link, or a section's trigger. */
export const MENU_ROW =
  'flex w-full items-center justify-between gap-4 py-4 text-left font-display text-2xl text-ink transition hover:text-brand-dark';

/**
 * The phone menu's rows after Shop: About, Contact, the cart with its count,
 * the wishlist, and Sign In for a shopper who is not signed in. `tintCount`
 * colours the count by whether the cart holds anything (the drawer does).
 */
export function MenuRows({ tintCount = false }: { tintCount?: boolean }) {
  const { status } = useAuth();
  const cartCount = useCartCount();
  const tint = !tintCount ? 'bg-sand' : cartCount > 0 ? 'bg-brand text-white' : 'bg-sand text-muted';
  return (
    <>
      <Link to="/about" className={MENU_ROW}>
        About Us
      </Link>
      <Link to="/contact" className={MENU_ROW}>
        Contact Us
      </Link>
      <Link to="/cart" className={MENU_ROW}>
        Shopping Cart
        <span className={`min-w-8 rounded-full px-2.5 py-0.5 text-center font-sans text-sm font-bold ${tint}`}>
          {cartCount}
          <span className="sr-only"> items</span>
        </span>
      </Link>
      <Link to="/wishlist" className={MENU_ROW}>
        Wishlist
      </Link>
      {status !== 'signed-in' && (
        <Link to="/login" className={MENU_ROW}>
          Sign In
        </Link>
      )}
    </>
  );
}

/** The signed-in shopper's pages in the phone menu (the wishlist has its own row), then Log out. */
export function AccountLinks({ className, linkClassName }: { className?: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {ACCOUNT_LINKS.filter((l) => l.to !== '/wishlist').map((l) => (
        <li key={l.to}>
          <Link to={l.to === '/my-profile' ? '/profile' : l.to} className={linkClassName}>
            {l.label}
          </Link>
        </li>
      ))}
      <li>
        <LogoutButton className={`${linkClassName} w-full text-left`} />
      </li>
    </ul>
  );
}
