import { ROUTES } from '@shop/contract/lite';
import { formatIndianDate, formatRupees } from '@shop/contract';
import { Link } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { read } from '~/lib/call.server';
import { requireUser } from '~/lib/session.server';
import type { Route } from './+types/store-credit';

/** A date as the shop writes it (India's day). */
const day = (iso: string) => formatIndianDate(new Date(iso));

export const meta = () => [{ title: 'Store credit | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { credit: await read(args, ROUTES['accounts.credit']) };
}

/**
 * The account's store credit (docs/product.md 'Store credit'): what may be
 * spent, what expires first, where each amount came from and where it was spent.
 */
export default function StoreCreditPage({ loaderData }: Route.ComponentProps) {
  const { credit } = loaderData;
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Store credit" back={{ to: '/my-profile', label: 'My Profile' }} />
      <section aria-labelledby="balance-heading" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="balance-heading" className="text-sm font-semibold uppercase tracking-wide text-muted">
          You have
        </h2>
        <p className="mt-1 text-4xl font-semibold" data-testid="credit-balance">
          {formatRupees(credit.balance)}
        </p>
        {credit.next_expiry ? (
          <p className="mt-2 text-sm text-muted">
            {formatRupees(credit.next_expiry.amount)} of it is yours to spend until{' '}
            {/* Not broken at its hyphens on a phone. */}
            <span className="whitespace-nowrap">{day(credit.next_expiry.on)}</span>.
          </p>
        ) : (
          <p className="mt-2 text-sm text-muted">
            Store credit comes from a return you chose to take as credit, or from us. It shows here.
          </p>
        )}
      </section>
      {credit.entries.length > 0 && (
        <section aria-labelledby="entries-heading" className="mt-6 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="entries-heading" className="text-xl">
            Where it came from
          </h2>
          <ul className="mt-3 divide-y divide-linen">
            {credit.entries.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words">{e.reason}</p>
                  <p className="text-sm text-muted">
                    {e.source_label}, {day(e.created_at)}
                    {e.order_id !== null && (
                      <>
                        {' · '}
                        <Link
                          to={`/order-details?order=${e.order_id}`}
                          className="font-semibold text-brand-dark hover:underline"
                        >
                          Order #{e.order_id}
                        </Link>
                      </>
                    )}
                  </p>
                </div>
                {/* Wrapped under a long reason on a phone, the amount keeps to the right edge. */}
                <div className="ml-auto text-right">
                  <p className="font-semibold">{formatRupees(e.amount)}</p>
                  <p className="text-sm text-muted">
                    {e.expired
                      ? e.remaining > 0
                        ? `${formatRupees(e.remaining)} expired on ${day(e.expires_at)}`
                        : `Used`
                      : e.remaining < e.amount
                        ? `${formatRupees(e.remaining)} left, until ${day(e.expires_at)}`
                        : `Until ${day(e.expires_at)}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {credit.spends.length > 0 && (
        <section aria-labelledby="spends-heading" className="mt-6 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="spends-heading" className="text-xl">
            Where you spent it
          </h2>
          <ul className="mt-3 divide-y divide-linen">
            {credit.spends.map((s) => (
              <li key={s.order_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <p className="text-sm text-muted">
                  <Link
                    to={`/order-details?order=${s.order_id}`}
                    className="font-semibold text-brand-dark hover:underline"
                  >
                    Order #{s.order_id}
                  </Link>
                  , {day(s.created_at)}
                </p>
                <p className="ml-auto font-semibold">−{formatRupees(s.amount)}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="mt-6 text-sm text-muted">
        Spend it at checkout with &lsquo;Use my store credit&rsquo;: it pays first, and you pay the rest as you choose.
      </p>
    </div>
  );
}
