import type { Category, Collection } from '@shop/contract';
import { NavigationMenu } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { ShopImage } from '../ui/shop-image';
import { ArrowRightIcon, ChevronIcon } from '../ui/icons';
import { SHOP_CHEVRON, SHOP_MENU as SHOP, SHOP_TRIGGER, TOP_LINK, menuCollections, splitCategories } from './nav';
import { buttonClass } from '~/components/ui/button';

/**
 * The desktop navigation's behaviour (see ShopMenu): a Shop menu that opens on hover, click,
 * Enter, Space or ArrowDown and closes on Escape or when the pointer leaves,
 * with Categories, Collections and Accessories; then About Us and Contact Us.
 */
export default function RadixShopMenu({
  categories,
  collections,
  defaultOpen = false,
  takeFocus,
}: {
  categories: Category[];
  collections: Collection[];
  /** Open at once: the Shop button was pressed while this was loading. */
  defaultOpen?: boolean;
  /** Asked once on mount: whether the Shop button should take the focus its stand-in had. */
  takeFocus?: () => boolean;
}) {
  const [value, setValue] = useState(defaultOpen ? SHOP : '');
  const openedAt = useRef(0);
  const panel = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const askFocus = useRef(takeFocus);
  useEffect(() => {
    if (askFocus.current?.()) trigger.current?.focus();
  }, []);
  const open = value === SHOP;

  const change = (next: string) => {
    if (next) openedAt.current = Date.now();
    setValue(next);
  };

  const { clothing, accessories } = splitCategories(categories);
  const featured = menuCollections(collections);
  const promo = collections[featured.length] ?? collections[0];

  return (
    <NavigationMenu.Root value={value} onValueChange={change} aria-label="Main" delayDuration={120}>
      <NavigationMenu.List className="flex items-center gap-1">
        <NavigationMenu.Item value={SHOP}>
          <NavigationMenu.Trigger
            ref={trigger}
            className={SHOP_TRIGGER}
            onClick={(e) => {
              // The hover has just opened it: a click confirms rather than closes.
              if (open && e.detail > 0 && Date.now() - openedAt.current < 800) e.preventDefault();
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' && !open) {
                e.preventDefault();
                change(SHOP);
                requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('a')?.focus());
              }
            }}
          >
            Shop
            <ChevronIcon direction="down" size={4} className={SHOP_CHEVRON} />
          </NavigationMenu.Trigger>
          <NavigationMenu.Content className="w-full">
            <div ref={panel} className="container-shop grid grid-cols-[1fr_1fr_1fr_1.15fr] gap-10 py-10">
              <MenuColumn title="Categories" all={{ to: '/categories', label: 'All categories' }}>
                {clothing.map((c) => (
                  <MenuLink key={c.id} to={`/categories/${c.slug}`}>
                    {c.name}
                  </MenuLink>
                ))}
              </MenuColumn>
              <MenuColumn title="Collections" all={{ to: '/collections', label: 'All collections' }}>
                {featured.map((c) => (
                  <MenuLink key={c.id} to={`/collections/${c.id}`}>
                    <span className="flex items-center gap-3">
                      <ShopImage
                        src={c.image}
                        alt=""
                        width={40}
                        height={40}
                        sizes="40px"
                        widths={[160]}
                        className="size-10 shrink-0 rounded-full bg-sand object-cover"
                      />
                      {c.name}
                    </span>
                  </MenuLink>
                ))}
              </MenuColumn>
              <MenuColumn title="Accessories">
                {accessories.map((c) => (
                  <MenuLink key={c.id} to={`/categories/${c.slug}`}>
                    {c.name}
                  </MenuLink>
                ))}
              </MenuColumn>
              <div className="flex flex-col overflow-hidden rounded-3xl bg-sand">
                {promo && (
                  <ShopImage
                    src={promo.image}
                    alt=""
                    width={640}
                    height={320}
                    sizes="320px"
                    widths={[320, 640]}
                    className="h-36 w-full object-cover"
                  />
                )}
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">Made by hand</p>
                  <p className="mt-2 font-display text-xl leading-snug text-ink">
                    Clothes and little things, crafted by Indian artisans.
                  </p>
                  <NavigationMenu.Link asChild>
                    <Link to="/shop" className={`${buttonClass.primary} mt-5 self-start`}>
                      Shop all <ArrowRightIcon size={4} />
                    </Link>
                  </NavigationMenu.Link>
                </div>
              </div>
            </div>
          </NavigationMenu.Content>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <NavLink to="/about" className={TOP_LINK}>
              About Us
            </NavLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
        <NavigationMenu.Item>
          <NavigationMenu.Link asChild>
            <NavLink to="/contact" className={TOP_LINK}>
              Contact Us
            </NavLink>
          </NavigationMenu.Link>
        </NavigationMenu.Item>
      </NavigationMenu.List>

      {/* Positioned against the sticky header: the panel spans the page's width. */}
      <div className="absolute inset-x-0 top-full">
        <NavigationMenu.Viewport className="w-full overflow-hidden border-y border-linen bg-cream shadow-[0_24px_48px_-24px_rgba(59,47,42,0.35)] transition duration-200 starting:-translate-y-1 starting:opacity-0" />
      </div>
    </NavigationMenu.Root>
  );
}

function MenuColumn({
  title,
  all,
  children,
}: {
  title: string;
  all?: { to: string; label: string };
  children: React.ReactNode;
}) {
  const id = `menu-${title.toLowerCase()}`;
  return (
    <div>
      <p id={id} className="mb-4 text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">
        {title}
      </p>
      <ul aria-labelledby={id} className="flex flex-col gap-1">
        {children}
        {all && (
          <li className="mt-2">
            <NavigationMenu.Link asChild>
              <Link
                to={all.to}
                className="inline-flex items-center gap-1.5 py-1 text-sm font-bold text-brand-dark underline-offset-4 hover:underline"
              >
                {all.label} <ArrowRightIcon size={4} />
              </Link>
            </NavigationMenu.Link>
          </li>
        )}
      </ul>
    </div>
  );
}

function MenuLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <li>
      <NavigationMenu.Link asChild>
        <Link
          to={to}
          className="-mx-2 block rounded-lg px-2 py-1.5 text-[0.95rem] text-ink transition hover:bg-sand hover:text-brand-dark"
        >
          {children}
        </Link>
      </NavigationMenu.Link>
    </li>
  );
}
