import { ADMIN_ROUTES, BulkShipBody, CARRIERS, MESSAGES, endpointPath } from '@shop/contract';
import { Form, Link, redirect } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice, Card, PageTitle, buttonClass } from '~/components/admin/ui';
import { adminCall, adminLoad } from '~/lib/admin.server';
import { textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import type { Route } from './+types/orders-bulk';

export const meta = () => adminMeta('Ship many orders');

const idsOf = (values: string[]) => [...new Set(values.filter((v) => /^\d{1,10}$/.test(v)).map(Number))].slice(0, 100);

/** The ticked orders: slips and labels go straight to their PDF; shipping opens the sheet. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const ids = idsOf(url.searchParams.getAll('ids'));
  if (ids.length === 0) throw redirect('/admin/orders?status=packaging');
  const what = url.searchParams.get('do');
  if (what === 'slip' || what === 'label')
    throw redirect(
      `/api/v1${endpointPath(ADMIN_ROUTES['admin.orders.slips'], { query: { ids: ids.join(','), kind: what } })}`,
    );
  const orders = await Promise.all(
    ids.map((id) => adminLoad(args, ADMIN_ROUTES['admin.orders.get'], { params: { id } })),
  );
  return { orders };
}

/** One sheet, one press: every order shipped in its own transaction, each reported. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const ids = idsOf(form.getAll('id').map(String));
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
  const res = await adminCall(args, ADMIN_ROUTES['admin.orders.bulkShip'], { body: parsed.data });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  return { results: res.data.results };
}

const inputClass = 'block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';

export default function BulkShip({ loaderData, actionData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const results = actionData && 'results' in actionData ? actionData.results : null;
  const notice = actionData && 'notice' in actionData ? actionData.notice : null;
  const resultOf = (id: number) => results?.find((r) => r.id === id);
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
        <button type="submit" className={buttonClass.primary}>
          Ship all
        </button>
      </Form>
    </>
  );
}
