import { ROUTES } from '@shop/contract/lite';
import { formatRupees } from '@shop/contract';
import { Link } from 'react-router';
import { OrderDate } from '~/components/account/order-date';
import { PayBy } from '~/components/account/pay-by';
import { EmptyState } from '~/components/account/empty-state';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { StatusBadge } from '~/components/ui/status-badge';
import { ProductThumb } from '~/components/product/product-thumb';
import { requireBuyer } from '~/lib/session.server';
import type { Route } from './+types/orders';
import { mine, read } from '~/lib/call.server';

export const meta = () => [{ title: 'My Orders | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  const buyer = await requireBuyer(args);
  const [orders, waiting] = await Promise.all([
    read(args, ROUTES['orders.list']),
    // An account's orders placed as a guest with its email, waiting for the email to be proven.
    buyer.guest ? null : mine(args, ROUTES['orders.guestOrders']),
  ]);
  return { orders: orders.data, guestOrders: waiting?.count ?? 0 };
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const list = loaderData.orders;
  return (
    <div className="container-shop max-w-4xl py-10">
      <PageHeading title="My Orders" />
      {loaderData.guestOrders > 0 && (
        <p className="mb-6 rounded-2xl bg-white p-4 shadow-sm">
          {loaderData.guestOrders === 1 ? 'One order was' : `${loaderData.guestOrders} orders were`} placed as a guest
          with your email.{' '}
          <Link to="/orders/guest" className="font-semibold text-brand-dark underline">
            Show them here
          </Link>
        </p>
      )}
      {list.length === 0 ? (
        <EmptyState
          title="No orders yet"
          text="When you place an order, it will show here."
          action={{ to: '/shop', label: 'Start shopping' }}
        />
      ) : (
        <ul className="space-y-4">
          {list.map((order) => {
            const first = order.product_details;
            const others = order.order_details.length - 1;
            return (
              <li key={order.id} className="rounded-3xl bg-white p-5 shadow-sm sm:p-6">
                <div className="flex gap-4">
                  {first && (
                    <ProductThumb
                      src={first.product_variants.image1}
                      alt={first.products.name}
                      sizes="96px"
                      className="w-20 shrink-0 rounded-xl sm:w-24"
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h2 className="font-sans text-base font-bold">
                        {first?.products.name ?? 'Order'}
                        {others > 0 && (
                          <span className="font-normal text-muted">
                            {' '}
                            plus {others} other item{others > 1 ? 's' : ''}
                          </span>
                        )}
                      </h2>
                      <StatusBadge status={order.status} label={order.status_label} audience="shopper" />
                    </div>
                    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
                      <div>
                        <dt className="text-muted">Order ID</dt>
                        <dd className="font-semibold">#{order.id}</dd>
                      </div>
                      <div>
                        <dt className="text-muted">Total</dt>
                        <dd className="font-semibold">{formatRupees(order.total)}</dd>
                      </div>
                      {order.fulfilment === 'partly_shipped' && (
                        <div>
                          <dt className="text-muted">Shipping</dt>
                          <dd className="font-semibold">
                            {order.fulfilment_label} ({order.shipments.length} parcel
                            {order.shipments.length === 1 ? '' : 's'})
                          </dd>
                        </div>
                      )}
                      {(order.money.state === 'partly_refunded' || order.money.state === 'refunded') && (
                        <div>
                          <dt className="text-muted">Refunded</dt>
                          <dd className="font-semibold">
                            {formatRupees(order.money.refunded)}
                            {order.money.state === 'partly_refunded' && ` of ${formatRupees(order.money.paid)}`}
                          </dd>
                        </div>
                      )}
                      {order.payment_method === 'COD' && (
                        <div>
                          <dt className="text-muted">Payment</dt>
                          <dd className="font-semibold">
                            {order.payment_method_label}
                            {order.cod_confirmation === 'awaiting_code' && ' · awaiting code'}
                          </dd>
                        </div>
                      )}
                      <div>
                        <dt className="text-muted">Date</dt>
                        <dd className="font-semibold">
                          <OrderDate iso={order.created_at} />
                        </dd>
                      </div>
                    </dl>
                    {order.can_pay && <PayBy order={order} className="mt-2" />}
                  </div>
                </div>
                <div className="mt-4 flex flex-wrap gap-2 border-t border-linen pt-4">
                  <Link to={`/order-details?order=${order.id}`} className={buttonClass.secondary}>
                    View Details
                  </Link>
                  {order.can_pay && (
                    <Link to={`/pay?order=${order.id}`} className={buttonClass.primary}>
                      Pay Now
                    </Link>
                  )}
                  {order.can_confirm_cod && (
                    <Link to={`/cod-confirm?order=${order.id}`} className={buttonClass.primary}>
                      Enter confirmation code
                    </Link>
                  )}
                  {order.can_cancel && (
                    <Link to={`/cancel-confirm?order=${order.id}`} className={buttonClass.quiet}>
                      Cancel Order
                    </Link>
                  )}
                  {order.can_return && (
                    <Link to={`/contact-us?order=${order.id}`} className={buttonClass.quiet}>
                      Return Order
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
