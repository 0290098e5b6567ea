import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, type Order } from '@shop/contract';
import { useState } from 'react';
import { useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { OrderSummary } from '~/components/account/order-summary';
import { PayBy } from '~/components/account/pay-by';
import { PageHeading, PageMessage } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { api } from '~/lib/api';
import { orderIdFrom } from '~/lib/orders';
import { loadCheckoutScript, openCheckout } from '~/lib/razorpay';
import { requireBuyer } from '~/lib/session.server';
import { toast } from '~/lib/toast';
import type { RootData } from '~/root';
import { useHydrated } from '~/lib/use-hydrated';
import type { Route } from './+types/pay';
import { find } from '~/lib/call.server';

export const meta = () => [{ title: 'Payment | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** The order to pay (`?order=<id>`): rendered on the server; paying needs the provider's script. */
export async function loader(args: Route.LoaderArgs) {
  await requireBuyer(args);
  const id = orderIdFrom(args.request.url);
  if (id === null) return { id, order: null };
  return { id, order: (await find(args, ROUTES['orders.get'], { params: { id } }))?.data ?? null };
}

type Notice = { tone: 'error' | 'info'; text: string; retryScript?: boolean } | null;

/** The demo's payments (PAYMENT_PROVIDER=test) are pretend: the shopper is told before paying. */
function TestPaymentsRibbon() {
  const root = useRouteLoaderData<RootData>('root');
  if (root?.paymentProvider !== 'test') return null;
  return (
    <p role="note" className="mb-4 rounded-full bg-mustard/20 px-4 py-2 text-center text-sm font-bold text-ink">
      Test payments — no money is taken
    </p>
  );
}

export default function PayPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  // The provider's payment window is a script: the button waits for the page's.
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const pay = async (current: Order) => {
    setBusy(true);
    setNotice(null);
    try {
      const start = await api(ROUTES['payments.start'], { params: { id: current.id } });
      let Razorpay;
      try {
        Razorpay = await loadCheckoutScript(start.script_url);
      } catch {
        setNotice({
          tone: 'error',
          text: 'The payment page could not be loaded. Check your connection and try again.',
          retryScript: true,
        });
        return;
      }
      const outcome = await openCheckout(Razorpay, start);
      if (outcome.kind === 'paid') {
        const saved = await api(ROUTES['payments.status'], {
          body: {
            order_id: current.id,
            payment_id: outcome.payment.razorpay_payment_id,
            provider_order_id: outcome.payment.razorpay_order_id,
            signature: outcome.payment.razorpay_signature,
          },
        });
        toast.success(saved.message);
        void navigate(`/order-details?order=${current.id}`);
        return;
      }
      setNotice({
        tone: outcome.kind === 'failed' ? 'error' : 'info',
        text:
          outcome.kind === 'failed'
            ? `${outcome.reason} Nothing was charged. You can try again now, or later with Pay Now in My Orders.`
            : 'The payment was not completed. You can try again now, or later with Pay Now in My Orders.',
      });
    } catch (err) {
      toast.apiError(err, MESSAGES.paymentUnavailable);
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  if (loaderData.id === null) {
    return <PageMessage text="There is no order to pay." to="/orders" label="My Orders" />;
  }
  if (!loaderData.order) {
    return <PageMessage text="We could not find that order." to="/orders" label="My Orders" />;
  }
  const current = loaderData.order;

  return (
    <div className="container-shop max-w-3xl py-10">
      <PageHeading title="Complete your payment" back={{ to: '/orders', label: 'My Orders' }} />
      <TestPaymentsRibbon />
      <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm text-muted">Order ID #{current.id}</p>
        <OrderSummary order={current} />
        {current.can_pay ? (
          <>
            <PayBy order={current} className="mt-6 text-center" />
            <button
              type="button"
              className={`${buttonClass.primary} mt-3 w-full text-lg`}
              disabled={busy || !hydrated}
              onClick={() => void pay(current)}
            >
              {busy ? 'Opening payment...' : 'Make Payment'}
            </button>
            <p className="mt-3 text-center text-sm text-muted">
              Card and UPI payments through Razorpay. If a payment fails, you can retry it from My Orders.
            </p>
            <noscript>
              <p className="mt-4 rounded-2xl bg-sand p-4 text-center text-sm text-ink">
                The payment window needs JavaScript. Please turn it on for this page, or pay later with Pay Now in My
                Orders.
              </p>
            </noscript>
          </>
        ) : (
          <p className="mt-8 rounded-2xl bg-sage-soft p-4 text-center font-semibold">
            {current.payment_status === 'Paid' ? 'This order is paid. Thank you!' : MESSAGES.cannotPay}
          </p>
        )}
        {notice && (
          <div
            role="alert"
            className={`mt-6 rounded-2xl p-4 text-sm ${notice.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-sand text-ink'}`}
          >
            {notice.text}
            {notice.retryScript && (
              <button type="button" className={`${buttonClass.quiet} ml-2`} onClick={() => void pay(current)}>
                Retry
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
