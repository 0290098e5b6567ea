import type { Category, Collection } from '@shop/contract';
import { useRouteLoaderData } from 'react-router';
import { ACCESSORIES_PARENT } from '@shop/contract/lite';
import { useAuth } from '~/lib/auth';
import { SHOP_NAME } from '~/lib/config';
import type { RootData } from '~/root';
import { FacebookIcon, InstagramIcon, PinterestIcon, YouTubeIcon } from '../ui/icons';

/** The first collections shown in the menus and the home tiles (docs/product.md#layout). */
export const MENU_COLLECTIONS = 4;

/** Clothing categories and accessory categories (parent 'Accessories', docs/product.md#catalogue). */
export function splitCategories(categories: Category[]) {
  return {
    clothing: categories.filter((c) => c.parent !== ACCESSORIES_PARENT),
    accessories: categories.filter((c) => c.parent === ACCESSORIES_PARENT),
  };
}

export const menuCollections = (collections: Collection[]) => collections.slice(0, MENU_COLLECTIONS);

const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/littleloom', Icon: InstagramIcon },
  { name: 'Facebook', href: 'https://www.facebook.com/littleloom', Icon: FacebookIcon },
  { name: 'Pinterest', href: 'https://www.pinterest.com/littleloom', Icon: PinterestIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/@littleloom', Icon: YouTubeIcon },
] as const;

/**
 * The shop's social pages as round icon links (the footer's and the phone drawer's).
 * `linkClassName` gives their size and colours; `label` names the list where no heading does.
 */
export function SocialLinks({
  className,
  linkClassName,
  label,
}: {
  className: string;
  linkClassName: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {SOCIAL_LINKS.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${SHOP_NAME} on ${name}`}
            className={`inline-flex items-center justify-center rounded-full text-ink transition hover:bg-brand hover:text-white ${linkClassName}`}
          >
            <Icon size={5} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The buyer's cart as the root loader read it (every form's action reloads it): an account's or a
 * guest's (who is not signed in, yet has a cart). Empty once a call of the page's own ended the
 * account's session (auth.tsx), before the loader has read it again.
 */
export function useCartLines(): RootData['cart'] {
  const { status } = useAuth();
  const root = useRouteLoaderData<RootData>('root');
  const ended = !!root?.user && status === 'anonymous';
  return root && !ended ? root.cart : [];
}

/** Number of cart lines for the badge. */
export const useCartCount = (): number => useCartLines().length;

/** A round icon button or link of the header (44 px touch target). */
export const ICON_BUTTON =
  'relative inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition hover:bg-sand hover:text-brand-dark';

// Shared by the header's controls and the menus they load on demand (kept here,
// in a module both already load, so no extra script is fetched for them).

/** The signed-in shopper's account pages (the desktop account menu). */
export const ACCOUNT_LINKS = [
  { to: '/my-profile', label: 'My Profile' },
  { to: '/addresses', label: 'Addresses' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/orders', label: 'Orders' },
] as const;

/** A header control with its word beside the icon ('Sign in', 'My Account': docs/product.md#layout names them). */
export const WORD_BUTTON =
  'relative inline-flex h-11 shrink-0 items-center gap-2 rounded-full pr-4 pl-2.5 text-[0.95rem] font-semibold whitespace-nowrap text-ink transition hover:bg-sand hover:text-brand-dark';
export const ACCOUNT_TRIGGER = `${WORD_BUTTON} data-[state=open]:bg-sand data-[state=open]:text-brand-dark`;
/** The green dot on a signed-in shopper's account icon. */
export const ACCOUNT_BADGE = 'absolute top-7 left-7 size-2.5 rounded-full border-2 border-cream bg-sage';

/** The desktop menu's value for its Shop panel, and its bar's links and Shop button. */
export const SHOP_MENU = 'shop';
export const TOP_LINK =
  'inline-flex h-11 items-center gap-1 rounded-full px-4 text-[0.95rem] font-semibold text-ink transition hover:bg-sand hover:text-brand-dark aria-[current=page]:text-brand-dark';
export const SHOP_TRIGGER = `${TOP_LINK} group data-[state=open]:bg-sand data-[state=open]:text-brand-dark`;
export const SHOP_CHEVRON = 'transition-transform duration-200 group-data-[state=open]:rotate-180';
