import { ADMIN_ROUTES, can, formatRupees } from '@shop/contract';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { RevenueChart } from '~/components/admin/revenue-chart';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import type { loader as layoutLoader } from './layout';
import { textField } from '~/lib/form';
import type { Route } from './+types/dashboard';
import { adminMeta } from '~/components/admin/meta';
import { call, read } from '~/lib/call.server';

export const meta = () => adminMeta('Dashboard');

export async function loader(args: Route.LoaderArgs) {
  return { board: await read(args, ADMIN_ROUTES['admin.dashboard.get']) };
}

/** The low-stock threshold (admins: settings.write). */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const res = await call(args, ADMIN_ROUTES['admin.settings.lowStock'], {
    body: { threshold: textField(form, 'threshold') },
  });
  return res.ok ? { saved: true, error: null } : { saved: false, error: res.errors[0] ?? res.message };
}

const PERIODS = [
  ['today', 'Today'],
  ['last_7_days', 'Last 7 days'],
  ['last_30_days', 'Last 30 days'],
] as const;

/** The owner's first page (docs/back-office.md): what came in, what waits, what sells, what runs out. */
export default function DashboardPage({ loaderData, actionData }: Route.ComponentProps) {
  const { board } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const w = board.waiting;
  const waiting = [
    { label: 'To pack and ship', n: w.to_pack, to: '/admin/orders?status=packaging' },
    { label: 'Paid over 2 days ago, not shipped', n: w.to_pack_late, to: '/admin/orders?status=packaging&sort=oldest' },
    {
      label: `Shipped over ${board.shipped_days} days ago, not delivered`,
      n: w.shipped_not_delivered,
      to: '/admin/orders?status=shipped&sort=oldest',
    },
    { label: 'Return requests to decide', n: w.returns_requested, to: '/admin/returns' },
    { label: 'Enquiries to answer', n: w.enquiries, to: '/admin/enquiries?status=new' },
    { label: 'Unpaid, expiring within 10 minutes', n: w.unpaid_expiring, to: '/admin/orders?status=created' },
  ];
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <div className="grid gap-3 sm:grid-cols-3">
        {PERIODS.map(([key, label]) => (
          <Card key={key}>
            <h2 className="text-sm font-bold tracking-wide text-muted uppercase">{label}</h2>
            <p className="mt-1 font-display text-3xl text-ink">{formatRupees(board[key].revenue)}</p>
            <p className="text-sm text-muted">
              {board[key].orders} order{board[key].orders === 1 ? '' : 's'} · average{' '}
              {formatRupees(board[key].average_order_value)}
            </p>
          </Card>
        ))}
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Card title="Work waiting" className="lg:col-span-1">
          <ul className="divide-y divide-linen">
            {waiting.map((item) => (
              <li key={item.label} className="flex items-center justify-between gap-3 py-2.5">
                {item.to && item.n > 0 ? (
                  <Link to={item.to} className="font-semibold text-brand-dark underline-offset-4 hover:underline">
                    {item.label}
                  </Link>
                ) : (
                  <span className="text-ink">{item.label}</span>
                )}
                <span className={`text-lg font-bold ${item.n > 0 ? 'text-ink' : 'text-muted'}`}>{item.n}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Revenue per day, last 30 days" className="lg:col-span-2">
          <RevenueChart days={board.revenue_per_day} />
        </Card>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Card title="Top products, 30 days">
          {board.top_products.length === 0 ? (
            <p className="text-muted">No sales yet.</p>
          ) : (
            <ol className="divide-y divide-linen">
              {board.top_products.map((p) => (
                <li key={p.name} className="flex justify-between gap-3 py-2">
                  <span>{p.name}</span>
                  <span className="text-right whitespace-nowrap text-muted">
                    {p.quantity} sold · {formatRupees(p.revenue)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card title={`Low stock (${board.low_stock_threshold} or fewer)`}>
          {me && can(me.user.role, 'settings.write') && (
            <Form method="post" className="mb-3 flex flex-wrap items-end gap-2">
              <label className="text-sm font-semibold">
                Threshold
                <input
                  name="threshold"
                  type="number"
                  min={0}
                  max={1000}
                  defaultValue={board.low_stock_threshold}
                  className="mt-1 block w-24 rounded-xl border border-linen bg-white px-3 py-2"
                />
              </label>
              <button type="submit" className={buttonClass.plain}>
                Save
              </button>
            </Form>
          )}
          <AdminNotice
            notice={
              actionData?.error
                ? { kind: 'error', text: actionData.error }
                : actionData?.saved
                  ? { kind: 'success', text: 'Threshold saved.' }
                  : null
            }
          />
          {board.low_stock.length === 0 ? (
            <p className="text-muted">Nothing is running out.</p>
          ) : (
            <ul className="divide-y divide-linen">
              {board.low_stock.map((v) => (
                <li key={v.variant_id} className="flex justify-between gap-3 py-2">
                  <span>
                    {v.name}{' '}
                    <span className="text-sm text-muted">
                      · {v.size} · {v.sku}
                    </span>
                  </span>
                  <span className={`font-bold ${v.stock === 0 ? 'text-brand-dark' : 'text-ink'}`}>{v.stock}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
