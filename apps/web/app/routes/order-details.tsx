import { ROUTES } from '@shop/contract/lite';
import { COD_CONFIRMATION_LABELS, formatRupees } from '@shop/contract';
import { Link } from 'react-router';
import { OrderDate } from '~/components/account/order-date';
import { OrderSummary } from '~/components/account/order-summary';
import { OrderShipments } from '~/components/account/order-shipments';
import { PageHeading, PageMessage } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { StatusBadge } from '~/components/ui/status-badge';
import { moneyWords } from '~/lib/money-words';
import { orderIdFrom } from '~/lib/orders';
import { requireBuyer } from '~/lib/session.server';
import type { Route } from './+types/order-details';
import { find } from '~/lib/call.server';

export const meta = () => [{ title: 'Order details | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** The order of `?order=<id>`; without an id there is nothing to look for, so the page says so instead of an endless 'Loading...'. */
export async function loader(args: Route.LoaderArgs) {
  await requireBuyer(args);
  const id = orderIdFrom(args.request.url);
  if (id === null) return { id, order: null };
  return { id, order: (await find(args, ROUTES['orders.get'], { params: { id } }))?.data ?? null };
}

export default function OrderDetailsPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.id === null) {
    return <PageMessage text="Which order? Choose one in My Orders." to="/orders" label="My Orders" />;
  }
  if (!loaderData.order) {
    return <PageMessage text="We could not find that order." to="/orders" label="My Orders" />;
  }
  const o = loaderData.order;
  const givenBack = moneyWords(o.money);
  const facts: [string, React.ReactNode][] = [
    ['Order ID', `#${o.id}`],
    ['Date', <OrderDate key="d" iso={o.created_at} />],
    ['Status', <StatusBadge key="s" status={o.status} label={o.status_label} audience="shopper" />],
    ...(o.fulfilment === 'partly_shipped' ? [['Shipping', o.fulfilment_label] as [string, string]] : []),
    ['Total', formatRupees(o.total)],
    ['Items', String(o.item_count)],
    ['Payment method', o.payment_method_label || o.payment_method],
    ...(o.cod_confirmation ? [['Confirmation', COD_CONFIRMATION_LABELS[o.cod_confirmation]] as [string, string]] : []),
    [
      'Payment status',
      givenBack
        ? o.money.state_label
        : o.payment_method === 'COD' && !o.payment_id
          ? 'To pay in cash on delivery'
          : o.payment_status,
    ],
    ['Payment ID', o.payment_id ?? '—'],
    // Exchanges (docs/product.md 'Exchanges'): the replacement and the order it replaces name each other.
    ...(o.exchange_of !== null
      ? [
          [
            'Exchange for',
            <Link key="x" to={`/order-details?order=${o.exchange_of}`} className="text-brand-dark underline">
              Order #{o.exchange_of}
            </Link>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ...o.exchanges.map(
      (id) =>
        [
          'Replacement',
          <Link key={id} to={`/order-details?order=${id}`} className="text-brand-dark underline">
            Order #{id}
          </Link>,
        ] as [string, React.ReactNode],
    ),
  ];

  return (
    <div className="container-shop max-w-4xl py-10">
      <PageHeading title="Order details" back={{ to: '/orders', label: 'My Orders' }}>
        <div className="flex flex-wrap gap-2">
          {o.invoice_url && (
            <a href={o.invoice_url} className={buttonClass.secondary} target="_blank" rel="noreferrer">
              Download Invoice
            </a>
          )}
          {o.credit_note_url && (
            <a href={o.credit_note_url} className={buttonClass.secondary} target="_blank" rel="noreferrer">
              Download Credit Note
            </a>
          )}
          {o.tracking_url && o.shipments.length <= 1 && (
            <a href={o.tracking_url} className={buttonClass.secondary} target="_blank" rel="noreferrer">
              Track Order
            </a>
          )}
          {o.can_pay && (
            <Link to={`/pay?order=${o.id}`} className={buttonClass.primary}>
              Pay Now
            </Link>
          )}
          {o.can_confirm_cod && (
            <Link to={`/cod-confirm?order=${o.id}`} className={buttonClass.primary}>
              Enter confirmation code
            </Link>
          )}
        </div>
      </PageHeading>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <section className="rounded-3xl bg-white p-6 shadow-sm" aria-labelledby="items-heading">
          <h2 id="items-heading" className="text-xl">
            Items
          </h2>
          <OrderSummary order={o} />
        </section>
        <div className="space-y-6">
          <section className="rounded-3xl bg-white p-6 shadow-sm" aria-labelledby="facts-heading">
            <h2 id="facts-heading" className="text-xl">
              Summary
            </h2>
            <dl className="mt-3 space-y-2 text-sm">
              {facts.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-3">
                  <dt className="text-muted">{label}</dt>
                  <dd className="text-right font-semibold break-all">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <OrderShipments order={o} />
          {o.refunds.length > 0 && (
            <section className="rounded-3xl bg-white p-6 shadow-sm" aria-labelledby="refunds-heading">
              <h2 id="refunds-heading" className="text-xl">
                Refunds
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {o.refunds.map((r) => (
                  <li key={r.created_at} className="flex justify-between gap-3">
                    <span className="text-muted">
                      {r.status === 'processed' ? 'Refunded' : 'Refund on its way'} · <OrderDate iso={r.created_at} />
                    </span>
                    <span className="font-semibold">{formatRupees(r.amount)}</span>
                  </li>
                ))}
              </ul>
              {givenBack && <p className="mt-3 text-sm text-muted">{givenBack}</p>}
            </section>
          )}
          <section className="rounded-3xl bg-white p-6 shadow-sm" aria-labelledby="address-heading">
            <h2 id="address-heading" className="text-xl">
              Delivery address
            </h2>
            <address className="mt-3 text-sm not-italic">
              {o.name && <span className="block font-semibold">{o.name}</span>}
              {o.address}, {o.locality}
              <br />
              {o.city}, {o.state} {o.pincode}
              <br />
              {o.country}
              <br />
              Phone {o.phone}
            </address>
          </section>
        </div>
      </div>
    </div>
  );
}
