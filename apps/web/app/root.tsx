import type { Category, Collection, PublicConfig } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import './app.css';
import frauncesLatin from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import nunitoLatin from '@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { NotFoundPage } from './components/layout/not-found';
import { load } from './lib/api.server';
import { AuthProvider } from './lib/auth';
import { usePageViews } from './lib/analytics';
import { useToastsWanted } from './lib/toast';

const Toaster = lazy(() => import('./components/ui/toaster'));

export interface RootData {
  categories: Category[];
  collections: Collection[];
  gaMeasurementId: string | null;
  /** 'test': the built-in provider, which takes no money (the pay page says so). */
  paymentProvider: PublicConfig['payment_provider'];
}

/** The catalogue's shape, for the header and footer: rendered on the server so nothing flashes. */
export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const [categories, collections, config] = await Promise.all([
    load<{ data: Category[] }>(context, '/categories'),
    load<{ data: Collection[] }>(context, '/collections'),
    load<PublicConfig>(context, '/config'),
  ]);
  return {
    categories: categories.data,
    collections: collections.data,
    gaMeasurementId: config.ga_measurement_id,
    paymentProvider: config.payment_provider,
  };
}

export function shouldRevalidate() {
  return false; // the catalogue's shape loads once per visit (spec §4)
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
  // The scripts start once the page has loaded (the server's scriptsAfterLoad); this marks
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
  usePageViews(data?.gaMeasurementId ?? null);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {data && <Header categories={data.categories} collections={data.collections} />}
      <main id="main" className="flex-1">
        {children}
      </main>
      {data && <Footer categories={data.categories} />}
    </>
  );
}

export default function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Shell>
          <Outlet />
        </Shell>
        <Toasts />
      </AuthProvider>
    </QueryClientProvider>
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
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
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
    </QueryClientProvider>
  );
}
