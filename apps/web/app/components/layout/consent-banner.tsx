import { Link, useFetcher, useLocation } from 'react-router';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * Asks before Google Analytics loads (docs/product.md, Analytics): shown only
 * when GA_MEASUREMENT_ID is set and the shopper has not answered. A form that
 * posts the choice to a cookie, so it works without scripts; with them it
 * answers in place (a fetcher) and hides at once.
 */
export function ConsentBanner() {
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  if (fetcher.state !== 'idle' || fetcher.data) return null;
  const button =
    'inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold transition focus-visible:outline-2';
  return (
    <section
      aria-labelledby="consent-title"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-xl rounded-2xl border border-linen bg-white p-4 shadow-lg sm:p-5"
    >
      <h2 id="consent-title" className="font-sans text-base font-bold text-ink">
        May we count your visit with Google Analytics?
      </h2>
      <p className="mt-1 text-sm text-muted">
        It sets cookies and tells Google which pages you see; we use it only to improve the shop, never for ads.{' '}
        <Link to="/privacy-policy#cookies" className="font-semibold text-brand-dark underline">
          Privacy policy
        </Link>
      </p>
      <fetcher.Form method="post" action="/analytics-consent" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <button
          type="submit"
          name="choice"
          value="granted"
          className={`${button} bg-brand text-white hover:bg-brand-dark`}
        >
          Accept
        </button>
        <button
          type="submit"
          name="choice"
          value="denied"
          className={`${button} border border-brand text-brand-dark hover:bg-brand-soft`}
        >
          Decline
        </button>
      </fetcher.Form>
    </section>
  );
}
