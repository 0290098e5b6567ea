import type { Category, Collection } from '@shop/contract';
import { lazy } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../ui/icons';
import { LazyPanel } from '../ui/lazy-panel';
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
  const location = useLocation();
  return (
    <LazyPanel
      to="/menu"
      label="Open menu"
      className={ICON_BUTTON}
      icon={<MenuIcon />}
      load={loadPanel}
      closeOn={location.key}
    >
      {(panel) => <MobileDrawerPanel {...panel} categories={categories} collections={collections} />}
    </LazyPanel>
  );
}
