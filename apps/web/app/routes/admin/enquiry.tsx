import { ADMIN_ROUTES, can, formatRupees, type EnquiryStatus } from '@shop/contract';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { Facts, inputClass, labelClass } from '~/components/admin/bits';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { StatusBadge } from '~/components/ui/status-badge';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { field, newRequestKey, postAdmin } from '~/lib/admin-form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/enquiry';
import type { loader as layoutLoader } from './layout';
import { read } from '~/lib/call.server';

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `Enquiry from ${data?.detail.enquiry.name ?? ''} | Back office` },
];

export async function loader(args: Route.LoaderArgs) {
  const detail = await read(args, ADMIN_ROUTES['admin.enquiries.get'], { params: { id: args.params.id } });
  return { detail, requestKey: newRequestKey() };
}

/** Reply by mail (kept with the enquiry), or move it between new, answered and closed. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const params = { id: args.params.id };
  if (field(form, 'intent') === 'status')
    return postAdmin(args, ADMIN_ROUTES['admin.enquiries.setStatus'], {
      params,
      // As posted: the API checks it, and its reason is the page's notice.
      body: { status: field(form, 'status') as EnquiryStatus },
    });
  return postAdmin(args, ADMIN_ROUTES['admin.enquiries.reply'], {
    params,
    body: {
      message: field(form, 'message'),
      close: field(form, 'close') === 'on',
      request_key: field(form, 'request_key'),
    },
  });
}

export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, requestKey } = loaderData;
  const { enquiry: e, replies, order } = detail;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const pending = useSubmitting();
  const shopper =
    e.user_id && can(me?.user.role, 'customers.read') ? (
      <Link to={`/admin/customers/${e.user_id}`} className="text-brand-dark underline">
        {e.email}
      </Link>
    ) : (
      e.email
    );
  return (
    <>
      <PageTitle>Enquiry from {e.name}</PageTitle>
      <AdminNotice notice={actionData?.notice} />
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Card title={e.is_return ? 'Return request' : 'Message'}>
            <p className="whitespace-pre-line text-ink">{e.message}</p>
            <p className="mt-2 text-sm text-muted">{formatWhen(e.created_at)}</p>
          </Card>
          {replies.map((r) => (
            <Card key={r.id} className="border-sage/40 bg-sage-soft/40">
              <p className="text-sm font-semibold text-ink">
                Reply by {r.author ?? 'the shop'} · {formatWhen(r.created_at)}
              </p>
              <p className="mt-2 whitespace-pre-line text-ink">{r.body}</p>
            </Card>
          ))}
          <Card title="Reply by mail">
            {/* Drawn afresh with each new key: a reply sent leaves an empty form behind. */}
            <Form method="post" className="space-y-3" key={requestKey}>
              <input type="hidden" name="intent" value="reply" />
              <input type="hidden" name="request_key" value={requestKey} />
              <label className={labelClass}>
                Your answer to {e.email}
                <textarea name="message" required maxLength={4000} rows={6} className={inputClass} />
              </label>
              <label className="flex items-center gap-2 text-sm text-ink">
                <input type="checkbox" name="close" /> Close the enquiry with this reply
              </label>
              <button type="submit" className={buttonClass.dark} disabled={pending}>
                Send reply
              </button>
            </Form>
          </Card>
        </div>
        <div className="space-y-4">
          <Card title="Details">
            <Facts
              items={[
                [
                  'Status',
                  <span className="capitalize" key="s">
                    {e.status}
                  </span>,
                ],
                ['From', shopper],
                ['Phone', e.phone || '—'],
                ...(e.is_return ? ([['Return', e.return_decision ?? 'To decide']] as [string, string][]) : []),
              ]}
            />
            <Form method="post" className="mt-4 flex flex-wrap gap-2">
              <input type="hidden" name="intent" value="status" />
              {(['new', 'answered', 'closed'] as const)
                .filter((s) => s !== e.status)
                .map((s) => (
                  <button key={s} type="submit" name="status" value={s} className={buttonClass.plain}>
                    Mark {s}
                  </button>
                ))}
            </Form>
          </Card>
          {order && (
            <Card title={`Order #${order.id}`}>
              <p className="flex items-center justify-between gap-2">
                <StatusBadge status={order.status} label={order.status_label} />
                <span className="font-semibold text-ink">{formatRupees(order.total)}</span>
              </p>
              <p className="mt-3 flex flex-wrap gap-2">
                <Link to={`/admin/orders/${order.id}`} className={buttonClass.plain}>
                  Open the order
                </Link>
                {e.is_return && (
                  <Link to={`/admin/returns/${e.id}`} className={buttonClass.dark}>
                    Decide the return
                  </Link>
                )}
              </p>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
