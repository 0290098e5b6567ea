import { ROUTES, SHARED_PAGE_HEADER, SHOPPER_DATA_ID } from '@shop/contract/lite';
import type { CartLine, Category, Collection, PublicConfig, User } from '@shop/contract';
import { Suspense, lazy, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import nunitoLatin from '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url';
import { ConsentBanner } from './components/layout/consent-banner';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { NotFoundPage } from './components/layout/not-found';
import { Notice } from './components/ui/notice';
import { sessionToken } from './lib/api.server';
import { mine, read } from './lib/call.server';
import { AuthProvider } from './lib/auth';
import { usePageViews } from './lib/analytics';
import type { Flash } from './lib/flash';
import { readConsent, type Consent } from './lib/consent.server';
import { takeFlash } from './lib/flash.server';
import { getBuyer, signOutCookie } from './lib/session.server';
import { useToastsWanted } from './lib/toast';

const Toaster = lazy(() => import('./components/ui/toaster'));

/** A line of the cart as the header and the buy box need it. */
export type CartCount = Pick<CartLine, 'product_variant_id' | 'quantity'>;

export interface RootData {
  /** The announcement bar's text; empty: no bar. */
  announcement: string;
  categories: Category[];
  collections: Collection[];
  gaMeasurementId: string | null;
  /** The shopper's answer about Google Analytics (null: not asked yet, or no GA configured). */
  analyticsConsent: Consent | null;
  /** 'test': the built-in provider, which takes no money (the pay page says so). */
  paymentProvider: PublicConfig['payment_provider'];
  /** The seller, the grievance officer and the retention periods (footer, /about-the-seller, /privacy-policy). */
  shop: Pick<PublicConfig, 'seller' | 'grievance_officer' | 'retention_days' | 'payment_window_minutes'>;
  /**
   * The signed-in shopper (docs/product.md#payments: known on the server, from the session cookie).
   * On a page rendered for sharing (`shared`) a placeholder, and the shopper is in the page's data block.
   */
  user: User | null;
  /** Rendered to be kept for every shopper with this cart and wishlist (docs/decisions/0010-page-cache.md). */
  shared?: true;
  cart: CartCount[];
  /** A message left by the last action (lib/flash.server.ts). */
  flash: Flash | null;
}

/**
 * The catalogue's shape for the header and footer, and who is signed in with
 * what in their cart: all rendered on the server, so nothing flashes. It
 * reloads after every form's action (the cart, a login) and on a new query
 * string, not on a plain navigation.
 */
export async function loader(args: Route.LoaderArgs) {
  // The back office has its own frame and data (routes/admin/layout.tsx; docs/decisions/0009).
  const { pathname } = new URL(args.request.url);
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return data(null);
  const [categories, collections, config, buyer, cart, { flash, clear }, announcement] = await Promise.all([
    read(args, ROUTES['catalog.categories']),
    read(args, ROUTES['catalog.collections']),
    read(args, ROUTES['shop.config']),
    getBuyer(args),
    mine(args, ROUTES['cart.get']),
    takeFlash(args),
    // The announcement bar (the owner's, /admin/home): a failure leaves the bar out, not the page.
    read(args, ROUTES['catalog.announcement']).catch(() => ({ text: '' })),
  ]);
  const headers = new Headers();
  if (clear) headers.append('set-cookie', clear);
  // A session that has ended (expired, revoked elsewhere): the browser forgets its cookie.
  if (!buyer && sessionToken(args)) headers.append('set-cookie', signOutCookie(args));
  // A guest has a cart (and orders) but is not signed in: the header offers to sign in.
  const user = buyer && !buyer.guest ? buyer : null;
  // A page kept for everyone with this cart: nothing of who is signed in but that someone is.
  const shared = !!user && args.request.headers.get(SHARED_PAGE_HEADER) === '1';
  const root: RootData = {
    announcement: announcement.text,
    categories: categories.data,
    collections: collections.data,
    gaMeasurementId: config.ga_measurement_id,
    analyticsConsent: config.ga_measurement_id ? readConsent(args) : null,
    paymentProvider: config.payment_provider,
    shop: {
      seller: config.seller,
      grievance_officer: config.grievance_officer,
      retention_days: config.retention_days,
      payment_window_minutes: config.payment_window_minutes,
    },
    user: shared ? PLACEHOLDER_USER : user,
    ...(shared ? { shared: true as const } : {}),
    cart:
      buyer && cart ? cart.data.map((l) => ({ product_variant_id: l.product_variant_id, quantity: l.quantity })) : [],
    flash,
  };
  return data(root, { headers });
}

/** Who is signed in on a page kept for sharing: someone, no one in particular. */
const PLACEHOLDER_USER: User = { id: 0, name: '', email: '', phone: '', role: 'customer', guest: false };

const shoppers = new WeakMap<RootData, User | null>();

/**
 * The signed-in shopper of the root's data: on a page kept for sharing, the
 * one the server filled into the page's data block (the placeholder while
 * rendering on the server, which draws nothing of it).
 */
function shopperOf(data: RootData): User | null {
  if (!data.shared || typeof document === 'undefined') return data.user;
  if (!shoppers.has(data)) {
    const block = document.getElementById(SHOPPER_DATA_ID)?.textContent;
    shoppers.set(data, block ? (JSON.parse(block) as User) : data.user);
  }
  return shoppers.get(data)!;
}

/**
 * The body and heading fonts (latin), asked for with the stylesheet rather than
 * once the page is laid out: the first paint then has them, and text does not
 * reflow when they arrive (the swap moved the category grid).
 */
const fontPreload = (href: string) =>
  ({ rel: 'preload', as: 'font', type: 'font/woff2', href, crossOrigin: 'anonymous' }) as const;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  fontPreload(nunitoLatin),
  fontPreload(frauncesLatin),
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The scripts start once the page has loaded (the server's deferScripts); this marks
  // the moment the page answers to taps, for the browser tests.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf6ee" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        {/* Both carry the response's CSP nonce: entry.server.tsx hands it to ServerRouter. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const ga = data?.gaMeasurementId ?? null;
  // Google Analytics only after the shopper accepts; the shop's own page-view count always.
  usePageViews(ga && data?.analyticsConsent === 'granted' ? ga : null);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {data && <Header announcement={data.announcement} categories={data.categories} collections={data.collections} />}
      <main id="main" className="flex-1">
        <Notice notice={data?.flash} className="container-shop mt-4" />
        {children}
      </main>
      {data && <Footer categories={data.categories} shop={data.shop} />}
      {ga && !data?.analyticsConsent && <ConsentBanner />}
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // No root data: a back-office page, in its own frame (routes/admin/layout.tsx).
  if (!loaderData) return <Outlet />;
  return (
    <AuthProvider user={shopperOf(loaderData)}>
      <Shell>
        <Outlet />
      </Shell>
      <Toasts />
    </AuthProvider>
  );
}

/** The toaster, from the first toast on (lib/toast.ts): no page needs sonner before. */
function Toasts() {
  const wanted = useToastsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const root = useRouteLoaderData<RootData>('root');
  return (
    <AuthProvider user={root ? shopperOf(root) : null}>
      <Shell>
        {notFound ? (
          <NotFoundPage />
        ) : (
          <div className="container-shop py-24 text-center">
            <title>Something went wrong | Little Loom</title>
            <h1 className="text-3xl">Something went wrong</h1>
            <p className="mt-4 text-muted">Please try again in a moment.</p>
          </div>
        )}
      </Shell>
    </AuthProvider>
  );
}
