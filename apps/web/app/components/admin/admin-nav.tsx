import { can, type AdminMe, type Permission } from '@shop/contract';
import { useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

interface Item {
  to: string;
  label: string;
  permission: Permission;
  end?: boolean;
}

/** The back office's sections; each shows only to the roles the permission table names. */
export const ADMIN_SECTIONS: Item[] = [
  { to: '/admin', label: 'Dashboard', permission: 'dashboard.read', end: true },
  { to: '/admin/orders', label: 'Orders', permission: 'orders.read' },
  { to: '/admin/returns', label: 'Returns', permission: 'orders.read' },
  { to: '/admin/enquiries', label: 'Enquiries', permission: 'enquiries.manage' },
  { to: '/admin/customers', label: 'Shoppers', permission: 'customers.read' },
  { to: '/admin/refunds', label: 'Refunds', permission: 'refunds.manage' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff.manage' },
  { to: '/admin/activity', label: 'Activity', permission: 'activity.read' },
  { to: '/admin/reports', label: 'Reports', permission: 'reports.read' },
  { to: '/admin/mails', label: 'Mails', permission: 'mails.preview' },
  { to: '/admin/messages', label: 'Messages', permission: 'messages.read' },
  // The catalogue and the shop's settings.
  { to: '/admin/products', label: 'Products', permission: 'catalog.read' },
  { to: '/admin/categories', label: 'Categories', permission: 'catalog.read' },
  { to: '/admin/collections', label: 'Collections', permission: 'catalog.read' },
  { to: '/admin/discounts', label: 'Discounts', permission: 'discounts.read' },
  { to: '/admin/home', label: 'Home page', permission: 'catalog.write' },
  { to: '/admin/catalog/import', label: 'Import / export', permission: 'catalog.write' },
  { to: '/admin/stock', label: 'Stock', permission: 'stock.read' },
  { to: '/admin/back-in-stock', label: 'Back in stock', permission: 'stock.read' },
  { to: '/admin/settings', label: 'Settings', permission: 'settings.read' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-xl px-4 py-2.5 font-semibold ${isActive ? 'bg-brand-soft text-brand-dark' : 'text-ink hover:bg-sand'}`;

/** The sections the role may see; `onChoose` runs when one is chosen (the phone's Menu closes). */
export function AdminNavLinks({ me, onChoose }: { me: AdminMe; onChoose?: () => void }) {
  return (
    <ul className="space-y-1">
      {ADMIN_SECTIONS.filter((s) => can(me.user.role, s.permission)).map((s) => (
        <li key={s.to}>
          <NavLink to={s.to} end={s.end} className={linkClass} prefetch="intent" onClick={onChoose}>
            {s.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SignOut() {
  return (
    <form method="post" action="/admin/logout">
      <button type="submit" className="w-full rounded-xl px-4 py-2.5 text-left font-semibold text-muted hover:bg-sand">
        Sign out
      </button>
    </form>
  );
}

/**
 * Phone first: a top bar whose menu is a <details> (it opens without
 * scripts); from 1024 px a side navigation instead. Both scroll on their own
 * when the sections are taller than the screen, so Sign out stays reachable.
 * The menu closes as soon as one of its sections is chosen, the one already
 * shown included (its address does not change); it is also keyed by the
 * address, so any other way to a new page (Back, a link on the page) starts
 * closed too.
 */
export function AdminShell({ me, children }: { me: AdminMe; children: React.ReactNode }) {
  // A new page closes the phone's menu (the layout, and so the <details>, outlives the navigation).
  const { pathname, search } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <div className="min-h-dvh bg-cream lg:flex">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-linen bg-white lg:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          <a href="/admin" className="font-display text-lg text-brand-dark">
            Back office
          </a>
          <details ref={menu} key={pathname + search} className="group relative">
            <summary className="cursor-pointer list-none rounded-full border border-linen px-4 py-2 font-semibold text-ink marker:hidden">
              Menu
            </summary>
            <nav
              aria-label="Back office"
              className="absolute right-0 mt-2 max-h-[calc(100dvh-5rem)] w-64 overflow-y-auto overscroll-contain rounded-2xl border border-linen bg-white p-2 shadow-lg"
            >
              <AdminNavLinks me={me} onChoose={() => menu.current?.removeAttribute('open')} />
              <SignOut />
            </nav>
          </details>
        </div>
      </header>
      <aside className="hidden w-64 shrink-0 border-r border-linen bg-white lg:block">
        <div className="sticky top-0 flex h-dvh flex-col p-4">
          <a href="/admin" className="mb-6 px-4 font-display text-xl text-brand-dark">
            Back office
          </a>
          <nav aria-label="Back office" className="min-h-0 flex-1 overflow-y-auto">
            <AdminNavLinks me={me} />
          </nav>
          <p className="px-4 text-sm text-muted">
            {me.user.name || me.user.email}
            <span className="block text-xs tracking-wide uppercase">{me.user.role}</span>
          </p>
          <SignOut />
        </div>
      </aside>
      <main id="admin-main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-5 sm:px-6 lg:py-8">
        {children}
      </main>
    </div>
  );
}
