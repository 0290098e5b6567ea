import type { Category, Collection } from '@shop/contract';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';
import { ChevronIcon } from '../ui/icons';
import { SHOP_CHEVRON, SHOP_TRIGGER, TOP_LINK } from './nav';

// The menu's behaviour (Radix's navigation menu, shop-menu-radix.tsx) loads only
// where the menu shows, on wide screens; phones, which have the drawer, never fetch it.
const loadMenu = () => import('./shop-menu-radix');
const RadixShopMenu = lazy(loadMenu);
const WIDE = '(min-width: 1024px)';

/**
 * The desktop navigation (docs/product.md#layout): a Shop menu that opens on hover, click,
 * Enter, Space or ArrowDown and closes on Escape or when the pointer leaves,
 * with Categories, Collections and Accessories; then About Us and Contact Us.
 */
export function ShopMenu({ categories, collections }: { categories: Category[]; collections: Collection[] }) {
  const [wide, setWide] = useState(false);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  // The stand-in Shop button, and whether it had the focus when it went (the menu replaces it once loaded).
  const standIn = useRef<HTMLButtonElement | null>(null);
  const hadFocus = useRef(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    if (query.matches) return setWide(true);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) setWide(true);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // The same menu bar, rendered on the server and until the behaviour has loaded.
  const bar = (
    <nav aria-label="Main">
      <div style={{ position: 'relative' }}>
        <ul className="flex items-center gap-1">
          <li>
            {hydrated ? (
              <button
                type="button"
                aria-expanded={false}
                data-state="closed"
                className={SHOP_TRIGGER}
                onPointerEnter={() => void loadMenu()}
                ref={(el) => {
                  if (el) standIn.current = el;
                  else hadFocus.current = standIn.current === document.activeElement;
                }}
                onClick={() => {
                  setOpenOnLoad(true);
                  setWide(true);
                }}
              >
                Shop
                <ChevronIcon direction="down" size={4} className={SHOP_CHEVRON} />
              </button>
            ) : (
              // Before the scripts run, the menu's place is the shop itself.
              <Link to="/shop" className={SHOP_TRIGGER}>
                Shop
                <ChevronIcon direction="down" size={4} className={SHOP_CHEVRON} />
              </Link>
            )}
          </li>
          <li>
            <NavLink to="/about" className={TOP_LINK}>
              About Us
            </NavLink>
          </li>
          <li>
            <NavLink to="/contact" className={TOP_LINK}>
              Contact Us
            </NavLink>
          </li>
        </ul>
      </div>
    </nav>
  );
  if (!wide) return bar;
  return (
    <Suspense fallback={bar}>
      <RadixShopMenu
        categories={categories}
        collections={collections}
        defaultOpen={openOnLoad}
        // The stand-in had the focus and went with it (a Tab just before the menu loaded): it passes on.
        takeFocus={() => hadFocus.current && (!document.activeElement || document.activeElement === document.body)}
      />
    </Suspense>
  );
}
