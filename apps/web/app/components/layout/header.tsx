import type { Category, Collection } from '@shop/contract';
import { Link } from 'react-router';
import { SHOP_NAME } from '~/lib/config';
import { AccountMenu } from './account-menu';
import { BagIcon, HeartIcon } from '../ui/icons';
import { MobileDrawer } from './mobile-drawer';
import { ICON_BUTTON, useCartCount } from './nav';
import { SearchDialog } from './search-dialog';
import { ShopMenu } from './shop-menu';

/**
 * The shop's header (docs/product.md#layout). Categories and collections come from the root
 * loader, so the whole header, menu included, renders on the server.
 * Phones and tablets (< 1024 px) get the hamburger and drawer instead of the menu.
 */
export function Header({
  announcement,
  categories,
  collections,
}: {
  /** The announcement bar's text (the owner's, /admin/home); empty: no bar. */
  announcement: string;
  categories: Category[];
  collections: Collection[];
}) {
  return (
    <>
      {announcement && <AnnouncementBar text={announcement} />}
      <header className="sticky top-0 z-40 border-b border-linen bg-cream/95 backdrop-blur supports-[backdrop-filter]:bg-cream/85">
        <div className="container-shop grid h-16 grid-cols-[1fr_auto_1fr] items-center gap-2 lg:h-[4.5rem] lg:grid-cols-[auto_1fr_auto] lg:gap-8">
          {/* Phones: menu and search on the left, the name in the middle. */}
          <div className="-ml-2 flex items-center lg:hidden">
            <MobileDrawer categories={categories} collections={collections} />
            <SearchDialog />
          </div>

          <Link
            to="/"
            className="justify-self-center font-display text-[1.6rem] leading-none font-semibold tracking-tight whitespace-nowrap text-brand-dark sm:text-[1.75rem] lg:justify-self-start lg:text-[2rem]"
          >
            {SHOP_NAME}
          </Link>

          <div className="hidden justify-self-center lg:block">
            <ShopMenu categories={categories} collections={collections} />
          </div>

          <div className="-mr-2 flex items-center justify-self-end sm:gap-1">
            <div className="hidden lg:block">
              <SearchDialog />
            </div>
            <Link to="/wishlist" aria-label="Wishlist" title="Wishlist" className={`${ICON_BUTTON} max-sm:hidden`}>
              <HeartIcon />
            </Link>
            <div className="hidden lg:block">
              <AccountMenu />
            </div>
            <CartLink />
          </div>
        </div>
      </header>
    </>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      title="Cart"
      className={ICON_BUTTON}
    >
      <BagIcon />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[0.7rem] leading-none font-bold text-white ring-2 ring-cream"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

/** On a phone the bar keeps to one line: what follows the first ' · ' shows from 640 px. */
function AnnouncementBar({ text }: { text: string }) {
  const cut = text.indexOf(' · ');
  return (
    <p className="bg-brand-dark px-4 py-2 text-center text-xs font-semibold tracking-wide text-white sm:text-sm">
      {cut === -1 ? (
        text
      ) : (
        <>
          {text.slice(0, cut)}
          <span className="max-sm:hidden">{text.slice(cut)}</span>
        </>
      )}
    </p>
  );
}
