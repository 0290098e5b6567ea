import { ADMIN_ROUTES, formatIndianDate, formatRupees } from '@shop/contract';
import { Form, Link } from 'react-router';
import { Facts, inputClass, labelClass } from '~/components/admin/bits';
import { EnquiryList } from '~/components/admin/enquiry-list';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { StatusBadge } from '~/components/ui/status-badge';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { field, newRequestKey, postAdmin } from '~/lib/admin-form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/customer';
import { read } from '~/lib/call.server';

/** A date as the shop writes it (India's day). */
const day = (iso: string) => formatIndianDate(new Date(iso));

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.detail.customer.name || data?.detail.customer.email || 'Shopper'} | Back office` },
];

export async function loader(args: Route.LoaderArgs) {
  return {
    detail: await read(args, ADMIN_ROUTES['admin.customers.get'], { params: { id: args.params.id } }),
    // Drawn with the page: a second submit of the same credit form gives nothing twice.
    requestKey: newRequestKey(),
  };
}

/** Give store credit; disable (every session ends at once) or enable the account. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (field(form, 'intent') === 'credit') {
    return postAdmin(args, ADMIN_ROUTES['admin.customers.grantCredit'], {
      params: { id: args.params.id },
      body: {
        // '₹1,200' is typed as often as '1200'.
        amount: field(form, 'amount').replace(/[₹,\s]/g, ''),
        reason: field(form, 'reason'),
        request_key: field(form, 'request_key'),
      },
    });
  }
  const verb = field(form, 'intent') === 'enable' ? 'enable' : 'disable';
  return postAdmin(args, ADMIN_ROUTES[`admin.customers.${verb}`], {
    params: { id: args.params.id },
    body: { note: field(form, 'note') },
  });
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c, addresses, orders, enquiries, audit, credit } = loaderData.detail;
  const pending = useSubmitting();
  return (
    <>
      <PageTitle>{c.name || c.email}</PageTitle>
      <AdminNotice notice={actionData?.notice} />
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Card title="Shopper">
            <Facts
              items={[
                ['Email', c.email],
                ['Phone', c.phone || '—'],
                ['Since', formatWhen(c.created_at)],
                ['Orders', String(c.orders_count)],
                ['Spent', formatRupees(c.total_spent)],
                ['Last order', c.last_order_at ? formatWhen(c.last_order_at) : '—'],
                ['Account', c.guest ? 'None: bought as a guest' : c.disabled ? 'Disabled: cannot sign in' : 'Active'],
              ]}
            />
          </Card>
          <Card title="Orders">
            {orders.length === 0 ? (
              <p className="text-sm text-muted">No orders yet.</p>
            ) : (
              <ul className="divide-y divide-linen">
                {orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-dark underline">
                      Order #{o.id}
                    </Link>
                    <span className="text-muted">{formatWhen(o.created_at)}</span>
                    <StatusBadge status={o.status} label={o.status_label} />
                    <span className="font-semibold text-ink">{formatRupees(o.total)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <section aria-labelledby="enquiries-heading">
            <h2 id="enquiries-heading" className="mb-3 text-lg text-ink">
              Enquiries
            </h2>
            <EnquiryList enquiries={enquiries} cards />
          </section>
        </div>
        <div className="space-y-4">
          <Card title={c.disabled ? 'Enable the account' : 'Disable the account'}>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value={c.disabled ? 'enable' : 'disable'} />
              <p className="text-sm text-muted">
                {c.disabled
                  ? 'The shopper will be able to sign in again.'
                  : 'Every session of this shopper ends at once, and signing in is refused.'}
              </p>
              <label className={labelClass}>
                Note (kept in the log)
                <input name="note" maxLength={500} className={inputClass} />
              </label>
              <button type="submit" className={c.disabled ? buttonClass.dark : buttonClass.danger} disabled={pending}>
                {c.disabled ? 'Enable account' : 'Disable account'}
              </button>
            </Form>
          </Card>
          {credit && (
            <Card title="Store credit">
              <p className="text-2xl font-semibold text-ink" data-testid="credit-balance">
                {formatRupees(credit.balance)}
              </p>
              {credit.next_expiry && (
                <p className="text-sm text-muted">
                  {formatRupees(credit.next_expiry.amount)} expires on {day(credit.next_expiry.on)}
                </p>
              )}
              {credit.entries.length > 0 && (
                <ul className="mt-3 divide-y divide-linen text-sm">
                  {credit.entries.map((e) => (
                    <li key={e.id} className="py-2">
                      <span className="flex justify-between gap-2">
                        <span className="font-semibold text-ink">{formatRupees(e.amount)}</span>
                        <span className="text-muted">
                          {e.expired ? 'Expired' : `${formatRupees(e.remaining)} left`} · {formatWhen(e.created_at)}
                        </span>
                      </span>
                      <span className="block break-words text-ink">
                        {e.source_label}: {e.reason}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {/* Keyed by the request key: once given, the page draws a new key and an empty form. */}
              <Form key={loaderData.requestKey} method="post" className="mt-4 space-y-3 border-t border-linen pt-4">
                <input type="hidden" name="intent" value="credit" />
                <input type="hidden" name="request_key" value={loaderData.requestKey} />
                <label className={labelClass}>
                  Give credit (rupees)
                  <input name="amount" inputMode="decimal" autoComplete="off" required className={inputClass} />
                </label>
                <label className={labelClass}>
                  Reason (the shopper reads it)
                  <input name="reason" required minLength={3} maxLength={200} className={inputClass} />
                </label>
                <button type="submit" className={buttonClass.dark} disabled={pending}>
                  Give store credit
                </button>
              </Form>
            </Card>
          )}
          <Card title="Addresses">
            {addresses.length === 0 ? (
              <p className="text-sm text-muted">None saved.</p>
            ) : (
              <ul className="space-y-3 text-sm">
                {addresses.map((a) => (
                  <li key={a.id}>
                    <address className="text-ink not-italic">
                      {a.address}, {a.locality}, {a.city}, {a.state} {a.pincode}, {a.country} · {a.phone}
                    </address>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Activity">
            {audit.length === 0 ? (
              <p className="text-sm text-muted">Nothing recorded.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {audit.map((a) => (
                  <li key={a.id}>
                    <span className="font-semibold text-ink">{a.action}</span>{' '}
                    <span className="text-muted">
                      {a.actor ? a.actor.name || a.actor.email : 'the shop'} · {formatWhen(a.created_at)}
                    </span>
                    {a.note && <span className="block text-ink">{a.note}</span>}
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
