import {
  ADMIN_ROUTES,
  BulkShipBody,
  CARRIERS,
  CodRemittanceBody,
  MESSAGES,
  endpointPath,
  formatRupees,
} from '@shop/contract';
import { Form, Link, redirect } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import type { Route } from './+types/orders-bulk';
import { call, read } from '~/lib/call.server';

export const meta = () => adminMeta('Orders in bulk');

const idsOf = (values: string[]) => [...new Set(values.filter((v) => /^\d{1,10}$/.test(v)).map(Number))].slice(0, 100);

/**
 * The ticked orders: slips and labels go straight to their PDF; shipping opens
 * the sheet; a courier's remittance (delivered cash-on-delivery orders) asks its reference.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const ids = idsOf(url.searchParams.getAll('ids'));
  if (ids.length === 0) throw redirect('/admin/orders?status=packaging');
  const what = url.searchParams.get('do');
  if (what === 'slip' || what === 'label')
    throw redirect(
      `/api/v1${endpointPath(ADMIN_ROUTES['admin.orders.slips'], { query: { ids: ids.join(','), kind: what } })}`,
    );
  const orders = await Promise.all(ids.map((id) => read(args, ADMIN_ROUTES['admin.orders.get'], { params: { id } })));
  return { orders, mode: what === 'remit' ? ('remit' as const) : ('ship' as const) };
}

/** The courier's remittance for the ticked orders: each marked in its own transaction, each reported. */
async function remit(args: Route.ActionArgs, form: FormData, ids: number[]) {
  const parsed = CodRemittanceBody.safeParse({ ids, reference: textField(form, 'reference') });
  if (!parsed.success)
    return formAnswer({ notice: { kind: 'error', text: parsed.error.issues[0]?.message ?? MESSAGES.invalidInput } });
  const res = await call(args, ADMIN_ROUTES['admin.orders.codRemittance'], { body: parsed.data });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  return { results: res.data.results.map((r) => ({ ...r, repeated: false, tracking_url: null })) };
}

/** One sheet, one press: every order shipped in its own transaction, each reported. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const ids = idsOf(form.getAll('id').map(String));
  if (textField(form, 'intent') === 'remit') return remit(args, form, ids);
  const parsed = BulkShipBody.safeParse({
    orders: ids.map((id) => ({
      id,
      carrier: textField(form, `carrier_${id}`),
      tracking_number: textField(form, `number_${id}`),
      tracking_url: textField(form, `url_${id}`),
    })),
  });
  if (!parsed.success)
    return formAnswer({ notice: { kind: 'error', text: parsed.error.issues[0]?.message ?? MESSAGES.invalidInput } });
  const res = await call(args, ADMIN_ROUTES['admin.orders.bulkShip'], { body: parsed.data });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  return { results: res.data.results };
}

const inputClass = 'block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';

export default function BulkShip({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, mode } = loaderData;
  const results = actionData && 'results' in actionData ? actionData.results : null;
  const notice = actionData && 'notice' in actionData ? actionData.notice : null;
  const resultOf = (id: number) => results?.find((r) => r.id === id);
  if (mode === 'remit') return <Remittance orders={orders} results={results} notice={notice} />;
  return (
    <>
      <PageTitle>Ship {orders.length} orders</PageTitle>
      <AdminNotice notice={notice} />
      {results && (
        <AdminNotice
          notice={{
            kind: results.every((r) => r.ok) ? 'success' : 'error',
            text: `${results.filter((r) => r.ok).length} of ${results.length} shipped. Each order's line says how it went.`,
          }}
        />
      )}
      <Form method="post" className="space-y-3">
        {orders.map((o) => {
          const result = resultOf(o.id);
          return (
            <Card key={o.id}>
              <input type="hidden" name="id" value={o.id} />
              <div className="grid items-end gap-3 md:grid-cols-[1fr_1fr_1fr_1.5fr]">
                <p>
                  <Link
                    to={`/admin/orders/${o.id}`}
                    className="font-bold text-brand-dark underline-offset-4 hover:underline"
                  >
                    #{o.id}
                  </Link>{' '}
                  {o.name}
                  <span className="block text-sm text-muted">
                    {o.address.city}, {o.address.country} · {o.status_label}
                  </span>
                </p>
                <label className="text-sm font-semibold">
                  Carrier
                  <select name={`carrier_${o.id}`} defaultValue="delhivery" className={`mt-1 ${inputClass}`}>
                    {CARRIERS.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="text-sm font-semibold">
                  Tracking number
                  <input name={`number_${o.id}`} autoComplete="off" className={`mt-1 ${inputClass}`} />
                </label>
                <label className="text-sm font-semibold">
                  Tracking URL <span className="font-normal text-muted">(Other)</span>
                  <input name={`url_${o.id}`} type="url" className={`mt-1 ${inputClass}`} />
                </label>
              </div>
              {result && (
                <p
                  role="status"
                  className={`mt-2 text-sm font-semibold ${result.ok ? 'text-sage' : 'text-brand-dark'}`}
                >
                  {result.message}
                  {result.tracking_url ? `: ${result.tracking_url}` : ''}
                </p>
              )}
            </Card>
          );
        })}
        <button type="submit" className={buttonClass.dark}>
          Ship all
        </button>
      </Form>
    </>
  );
}

type Orders = Route.ComponentProps['loaderData']['orders'];
type Results = { id: number; ok: boolean; message: string }[] | null;

/** The courier's remittance: one reference (a UTR) for the ticked delivered cash-on-delivery orders. */
function Remittance({
  orders,
  results,
  notice,
}: {
  orders: Orders;
  results: Results;
  notice: Parameters<typeof AdminNotice>[0]['notice'];
}) {
  return (
    <>
      <PageTitle>Courier remittance for {orders.length} orders</PageTitle>
      <AdminNotice notice={notice} />
      {results && (
        <AdminNotice
          notice={{
            kind: results.every((r) => r.ok) ? 'success' : 'error',
            text: `${results.filter((r) => r.ok).length} of ${results.length} marked remitted. Each order's line says how it went.`,
          }}
        />
      )}
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="remit" />
        <Card>
          <p className="mb-3 text-sm text-muted">
            The cash the courier collected for these delivered cash-on-delivery orders has reached the shop&apos;s
            account. Each order keeps the reference in its history.
          </p>
          <label className="block text-sm font-semibold">
            Remittance reference (UTR or the courier&apos;s remittance number)
            <input name="reference" required maxLength={60} autoComplete="off" className={`mt-1 ${inputClass}`} />
          </label>
        </Card>
        <ul className="space-y-2">
          {orders.map((o) => {
            const result = results?.find((r) => r.id === o.id);
            return (
              <li key={o.id}>
                <Card>
                  <input type="hidden" name="id" value={o.id} />
                  <Link
                    to={`/admin/orders/${o.id}`}
                    className="font-bold text-brand-dark underline-offset-4 hover:underline"
                  >
                    #{o.id}
                  </Link>{' '}
                  {o.name} · {formatRupees(o.total)} · {o.status_label}
                  {o.payment_method !== 'COD' && <span className="block text-sm text-muted">Paid online</span>}
                  {result && (
                    <p
                      role="status"
                      className={`mt-2 text-sm font-semibold ${result.ok ? 'text-sage' : 'text-brand-dark'}`}
                    >
                      {result.message}
                    </p>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
        <button type="submit" className={buttonClass.dark}>
          Mark remitted
        </button>
      </Form>
    </>
  );
}
