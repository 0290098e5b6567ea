import type { ListingItem, PageMeta } from '@shop/contract';
import { Link, useLocation, useNavigation } from 'react-router';
import { ProductCard } from '~/components/product/product-card';
import { ProductGrid } from '~/components/product/product-grid';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { Pagination } from './pagination';
import { ShirtIcon } from '~/components/ui/catalog-icons';

/** The top of a listing page: breadcrumbs, the title and a short introduction. */
export function ListingHeader({
  crumbs,
  eyebrow,
  title,
  description,
  children,
}: {
  crumbs: Crumb[];
  eyebrow?: string;
  title: string;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <header className="border-b border-linen bg-sand/60">
      <div className="container-shop py-8 sm:py-12">
        <Breadcrumbs items={crumbs} />
        {eyebrow && (
          <p className="mt-6 text-xs font-bold tracking-[0.2em] text-brand-dark uppercase sm:text-sm">{eyebrow}</p>
        )}
        <h1 className={`${eyebrow ? 'mt-2' : 'mt-6'} text-3xl leading-tight text-ink sm:text-5xl`}>{title}</h1>
        {description && <p className="mt-4 max-w-2xl text-base leading-relaxed text-muted sm:text-lg">{description}</p>}
        {children}
      </div>
    </header>
  );
}

/** '24 of 64 products', announced politely when it changes. */
export function ResultCount({ shown, total, noun = 'products' }: { shown: number; total: number; noun?: string }) {
  return (
    <p className="text-sm text-muted" aria-live="polite" aria-atomic="true">
      {total === 0 ? (
        `No ${noun}`
      ) : (
        <>
          <strong className="font-bold text-ink">{shown}</strong> of{' '}
          <strong className="font-bold text-ink">{total}</strong> {total === 1 ? noun.replace(/s$/, '') : noun}
        </>
      )}
    </p>
  );
}

/** True while the next version of this same page is loading (a filter, sort or page change). */
export function useListingBusy(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === 'loading' && navigation.location?.pathname === pathname;
}

/** The grid and its pages; a page past the end says so and links back to the first. */
export function ListingResults({
  items,
  meta,
  empty,
  beside = false,
}: {
  items: ListingItem[];
  meta: PageMeta;
  empty: React.ReactNode;
  /** Shown beside a filter sidebar on wide screens: one column fewer there. */
  beside?: boolean;
}) {
  const busy = useListingBusy();
  const { pathname, search } = useLocation();
  if (items.length === 0 && meta.total > 0) {
    const q = new URLSearchParams(search);
    q.delete('page');
    const qs = q.toString();
    return (
      <div className="rounded-2xl bg-white/70 px-6 py-16 text-center">
        <p className="font-display text-2xl text-ink">This page is past the end of the list.</p>
        <Link
          to={`${pathname}${qs ? `?${qs}` : ''}`}
          className="mt-6 inline-flex rounded-full bg-brand-dark px-6 py-3 font-semibold text-white hover:bg-ink"
        >
          Go to the first page
        </Link>
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <div aria-busy={busy || undefined} className={`transition-opacity ${busy ? 'opacity-50' : ''}`}>
      <h2 className="sr-only">Products</h2>
      {beside ? (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 xl:grid-cols-4">
          {items.map((item, i) => (
            <li key={item.products.id}>
              <ProductCard
                item={item}
                priority={i < 2}
                sizes="(min-width: 1280px) 18vw, (min-width: 1024px) 22vw, (min-width: 640px) 33vw, 50vw"
              />
            </li>
          ))}
        </ul>
      ) : (
        <ProductGrid items={items} priorityCount={2} />
      )}
      <Pagination page={meta.page} pages={meta.pages} />
    </div>
  );
}

/** A friendly empty state with a way onwards. */
export function EmptyState({
  title,
  children,
  action = { to: '/shop', label: 'Browse all products' },
}: {
  title: string;
  children?: React.ReactNode;
  action?: { to: string; label: string } | null;
}) {
  return (
    <div className="rounded-3xl border border-dashed border-linen bg-white/60 px-6 py-16 text-center sm:py-24">
      <ShirtIcon size={14} className="mx-auto text-brand" />
      <p className="mx-auto mt-6 max-w-md font-display text-xl text-ink sm:text-2xl">{title}</p>
      {children}
      {action && (
        <Link
          to={action.to}
          className="mt-8 inline-flex rounded-full bg-brand-dark px-6 py-3 font-semibold text-white transition hover:bg-ink"
        >
          {action.label}
        </Link>
      )}
    </div>
  );
}
