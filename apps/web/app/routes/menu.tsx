import { Link, useRouteLoaderData } from 'react-router';
import { AccountLinks, MENU_ROW, MenuRows } from '~/components/layout/menu-rows';
import { menuCollections, splitCategories } from '~/components/layout/nav';
import { useAuth } from '~/lib/auth';
import { SHOP_NAME } from '~/lib/config';
import type { RootData } from '~/root';

export const meta = () => [{ title: `Menu | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

const heading = 'font-sans text-xs font-bold tracking-[0.2em] text-brand-dark uppercase';
const item = 'block rounded-lg py-2 text-[1.05rem] text-ink transition hover:text-brand-dark';

/**
 * The phone menu as a page: where the hamburger leads before the page's
 * scripts run (with them, it opens the drawer). Every section open at once.
 */
export default function MenuPage() {
  const root = useRouteLoaderData<RootData>('root');
  const { status } = useAuth();
  const { clothing, accessories } = splitCategories(root?.categories ?? []);
  const sections = [
    {
      title: 'Collections',
      links: [
        ...menuCollections(root?.collections ?? []).map((c) => ({ to: `/collections/${c.slug}`, label: c.name })),
        { to: '/collections', label: 'All collections' },
      ],
    },
    {
      title: 'Categories',
      links: [
        ...clothing.map((c) => ({ to: `/categories/${c.slug}`, label: c.name })),
        { to: '/categories', label: 'All categories' },
      ],
    },
    {
      title: 'Accessories',
      links: [...accessories.map((c) => ({ to: `/categories/${c.slug}`, label: c.name })), { to: '/', label: 'Shoes' }],
    },
  ];

  return (
    <nav aria-labelledby="menu-title" className="container-shop max-w-xl py-8">
      <h1 id="menu-title" className="text-3xl">
        Menu
      </h1>
      <Link to="/shop" className={`${MENU_ROW} mt-4 border-y border-linen`}>
        Shop all
      </Link>
      <div className="mt-6 grid gap-8 sm:grid-cols-2">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={`menu-${section.title}`}>
            <h2 id={`menu-${section.title}`} className={heading}>
              {section.title}
            </h2>
            <ul className="mt-2">
              {section.links.map((link) => (
                <li key={link.to + link.label}>
                  <Link to={link.to} className={item}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="mt-8 divide-y divide-linen border-y border-linen">
        <MenuRows />
      </div>
      {status === 'signed-in' && (
        <section aria-labelledby="menu-account" className="mt-8">
          <h2 id="menu-account" className={heading}>
            My Account
          </h2>
          <AccountLinks className="mt-2" linkClassName={item} />
        </section>
      )}
    </nav>
  );
}
