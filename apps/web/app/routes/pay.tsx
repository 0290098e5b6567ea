import { MESSAGES, type Order, type PaymentStart } from '@shop/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { OrderSummary } from '~/components/account/order-summary';
import { PageHeading, PageLoading, PageMessage, buttonClass } from '~/components/account/page-heading';
import { api } from '~/lib/api';
import { orderIdFrom, useOrder } from '~/lib/orders';
import { loadCheckoutScript, openCheckout } from '~/lib/razorpay';
import { toast } from '~/lib/toast';
import type { RootData } from '~/root';

export const meta = () => [{ title: 'Payment | Little Loom' }, { name: 'robots', content: 'noindex' }];

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

export default function PayPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = orderIdFrom(location.search, location.state);
  const order = useOrder(orderId);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const pay = async (current: Order) => {
    setBusy(true);
    setNotice(null);
    try {
      const start = await api<PaymentStart>(`/orders/${current.id}/payment`, { method: 'POST' });
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
        const saved = await api<{ message: string; data: Order }>('/orders/payment-status', {
          method: 'PUT',
          body: {
            order_id: current.id,
            payment_id: outcome.payment.razorpay_payment_id,
            provider_order_id: outcome.payment.razorpay_order_id,
            signature: outcome.payment.razorpay_signature,
          },
        });
        await queryClient.invalidateQueries({ queryKey: ['orders'] });
        await queryClient.invalidateQueries({ queryKey: ['order'] });
        toast.success(saved.message);
        void navigate(`/order-details?order=${current.id}`, { state: { order: saved.data } });
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
      await order.refetch();
    } finally {
      setBusy(false);
    }
  };

  if (orderId === null) {
    return <PageMessage text="There is no order to pay." to="/orders" label="My Orders" />;
  }
  if (order.isPending) {
    return <PageLoading />;
  }
  if (order.isError || !order.data) {
    return <PageMessage text="We could not find that order." to="/orders" label="My Orders" />;
  }
  const current = order.data;

  return (
    <div className="container-shop max-w-3xl py-10">
      <PageHeading title="Complete your payment" back={{ to: '/orders', label: 'My Orders' }} />
      <TestPaymentsRibbon />
      <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm text-muted">Order ID #{current.id}</p>
        <OrderSummary order={current} />
        {current.can_pay ? (
          <>
            <button
              type="button"
              className={`${buttonClass.primary} mt-8 w-full text-lg`}
              disabled={busy}
              onClick={() => void pay(current)}
            >
              {busy ? 'Opening payment...' : 'Make Payment'}
            </button>
            <p className="mt-3 text-center text-sm text-muted">
              Card and UPI payments through Razorpay. If a payment fails, you can retry it from My Orders.
            </p>
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
