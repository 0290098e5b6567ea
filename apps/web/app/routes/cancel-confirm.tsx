import { formatRupees, type Order } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageHeading, PageLoading, PageMessage, buttonClass } from '~/components/account/page-heading';
import { api } from '~/lib/api';
import { orderIdFrom, useOrder } from '~/lib/orders';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'Cancel order | Little Loom' }, { name: 'robots', content: 'noindex' }];

export default function CancelConfirmPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const orderId = orderIdFrom(location.search, location.state);
  const order = useOrder(orderId);
  const cancel = useMutation({
    mutationFn: () =>
      api<{ message: string; data: Order }>('/orders/cancel', { method: 'POST', body: { order_id: orderId } }),
    onSuccess: async (res) => {
      toast.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      void navigate('/orders');
    },
    onError: (err) => toast.apiError(err),
  });

  if (order.isPending) {
    return <PageLoading />;
  }
  const o = order.data;
  if (!o || !o.can_cancel) {
    return (
      <PageMessage
        text="{o ? 'This order can no longer be cancelled.' : 'We could not find that order.'}"
        to="/orders"
        label="My Orders"
      />
    );
  }
  const paid = o.payment_status === 'Paid';
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Cancel this order?" back={{ to: '/orders', label: 'My Orders' }} />
      <div className="rounded-3xl bg-white p-6 text-center shadow-sm sm:p-10">
        <p className="text-muted">Order ID #{o.id}</p>
        <p className="mt-4 text-lg">
          {paid
            ? `A refund of ${formatRupees(o.total)} will be initiated to your original payment method. It reaches you in 10-15 business days.`
            : 'Your order will be cancelled. No payment has been taken for it.'}
        </p>
        <button
          type="button"
          className={`${buttonClass.primary} mt-8 w-full`}
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? 'Cancelling...' : 'YES, CANCEL ORDER'}
        </button>
        <Link to="/orders" className={`${buttonClass.quiet} mt-3`}>
          No, keep my order
        </Link>
      </div>
    </div>
  );
}
