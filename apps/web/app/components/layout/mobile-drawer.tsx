import type { Category, Collection } from '@shop/contract';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { MenuIcon } from '../ui/icons';
import { ICON_BUTTON } from './nav';

// The drawer (Radix's dialog and accordion, the search box) loads when it is
// first wanted, not with every page: pointing at or focusing the button fetches it.
const loadPanel = () => import('./mobile-drawer-panel');
const MobileDrawerPanel = lazy(loadPanel);

/**
 * The phone menu (docs/product.md#layout): a hamburger opens a full-screen drawer with
 * search, a collapsible Shop (Collections, Categories, Accessories), the
 * pages, the cart, wishlist and account, and social links. Sections are
 * exclusive accordions. Focus stays inside; Escape or any navigation closes it.
 * Before the scripts run, the hamburger is a link to the same menu as a page (/menu).
 */
export function MobileDrawer({ categories, collections }: { categories: Category[]; collections: Collection[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const hydrated = useHydrated();

  // Any navigation (a link, the search) closes the drawer.
  useEffect(() => setOpen(false), [location.key]);

  if (!hydrated) {
    return (
      <Link to="/menu" aria-label="Open menu" className={ICON_BUTTON}>
        <MenuIcon />
      </Link>
    );
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        className={ICON_BUTTON}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileDrawerPanel
            open={open}
            onOpenChange={setOpen}
            trigger={trigger}
            categories={categories}
            collections={collections}
          />
        </Suspense>
      )}
    </>
  );
}
