import type { Category, Collection } from '@shop/contract';
import { Accordion, Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { useAuth } from '~/lib/auth';
import { SHOP_NAME } from '~/lib/config';
import { ChevronIcon, CloseIcon, PlusIcon } from '../ui/icons';
import type { PanelProps } from '../ui/lazy-panel';
import { AccountLinks, MENU_ROW, MenuRows } from './menu-rows';
import { ICON_BUTTON, SocialLinks, menuCollections, splitCategories } from './nav';
import { SearchBox } from './search-box';

const subTrigger =
  'group flex w-full items-center justify-between py-3 text-left font-sans text-base font-bold tracking-wide text-ink hover:text-brand-dark';
const subLink = 'block rounded-lg py-2 pl-3 text-[1.05rem] text-ink transition hover:bg-sand hover:text-brand-dark';

/** The phone menu's drawer (see MobileDrawer): loaded when the menu is first opened. */
export default function MobileDrawerPanel({
  open,
  onOpenChange: setOpen,
  trigger,
  categories,
  collections,
}: PanelProps & { categories: Category[]; collections: Collection[] }) {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';

  const closeOnLink = (e: React.MouseEvent) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            (e.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-drawer-close]')?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            trigger.current?.focus();
          }}
          onClick={closeOnLink}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto overscroll-contain bg-cream transition duration-200 starting:-translate-x-4 starting:opacity-0"
        >
          <div className="sticky top-0 z-10 flex h-16 shrink-0 items-center justify-between border-b border-linen bg-cream/95 px-4 backdrop-blur">
            <Dialog.Title className="font-display text-2xl text-brand-dark">
              <span className="sr-only">Menu, </span>
              {SHOP_NAME}
            </Dialog.Title>
            <Dialog.Close aria-label="Close menu" data-drawer-close className={ICON_BUTTON}>
              <CloseIcon />
            </Dialog.Close>
          </div>

          <div className="flex flex-1 flex-col px-5 pt-5 pb-8">
            <SearchBox variant="drawer" onDone={() => setOpen(false)} />

            <nav aria-label="Menu" className="mt-4">
              <Accordion.Root type="single" collapsible className="divide-y divide-linen border-y border-linen">
                <ShopSection categories={categories} collections={collections} />

                <MenuRows tintCount />
                {signedIn && <AccountSection />}
              </Accordion.Root>
            </nav>

            <FollowUs />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface SubLink {
  to: string;
  label: string;
  strong?: boolean;
}

/** One exclusive section of the drawer's Shop: its links, then the one that ends it. */
function SubSection({ value, title, links, last }: { value: string; title: string; links: SubLink[]; last: SubLink }) {
  return (
    <Accordion.Item value={value} className="border-b border-linen/70 last:border-b-0">
      <Accordion.Header>
        <Accordion.Trigger className={subTrigger}>
          {title}
          <PlusIcon
            size={5}
            className="text-brand-dark transition-transform duration-200 group-data-[state=open]:rotate-45"
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content>
        <ul className="pb-3">
          {[...links, last].map((link) => (
            <li key={link.to + link.label}>
              <Link to={link.to} className={link.strong ? `${subLink} font-semibold text-brand-dark` : subLink}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Accordion.Content>
    </Accordion.Item>
  );
}

/** Shop: all products, then the collections, categories and accessories, one open at a time. */
function ShopSection({ categories, collections }: { categories: Category[]; collections: Collection[] }) {
  const { clothing, accessories } = splitCategories(categories);
  const featured = menuCollections(collections);
  return (
    <RowSection value="shop" title="Shop">
      <Link to="/shop" className={`${subLink} font-semibold text-brand-dark`}>
        Shop all
      </Link>
      <Accordion.Root type="single" collapsible className="mt-1">
        <SubSection
          value="collections"
          title="Collections"
          links={featured.map((c) => ({ to: `/collections/${c.slug}`, label: c.name }))}
          last={{ to: '/collections', label: 'All collections', strong: true }}
        />
        <SubSection
          value="categories"
          title="Categories"
          links={clothing.map((c) => ({ to: `/categories/${c.slug}`, label: c.name }))}
          last={{ to: '/categories', label: 'All categories', strong: true }}
        />
        {/* docs/product.md#layout: Accessories ends with a fixed Shoes link to the home page. */}
        <SubSection
          value="accessories"
          title="Accessories"
          links={accessories.map((c) => ({ to: `/categories/${c.slug}`, label: c.name }))}
          last={{ to: '/', label: 'Shoes' }}
        />
      </Accordion.Root>
    </RowSection>
  );
}

/** The signed-in shopper's account pages and Log out (signed out, the rows end with Sign In). */
function AccountSection() {
  return (
    <RowSection value="account" title="My Account">
      <AccountLinks linkClassName={subLink} />
    </RowSection>
  );
}

/** A section of the drawer opened by one of its big rows, with a chevron (Shop, My Account). */
function RowSection({ value, title, children }: { value: string; title: string; children: React.ReactNode }) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Header>
        <Accordion.Trigger className={`group ${MENU_ROW}`}>
          {title}
          <ChevronIcon
            direction="down"
            size={5}
            className="transition-transform duration-200 group-data-[state=open]:rotate-180"
          />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="pb-4">{children}</Accordion.Content>
    </Accordion.Item>
  );
}

/** The shop's social pages. */
function FollowUs() {
  return (
    <div className="mt-auto pt-10">
      <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">Follow us</p>
      <SocialLinks className="mt-3 flex gap-2" linkClassName="size-11 bg-sand" />
    </div>
  );
}
