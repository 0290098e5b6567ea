import { formatRupees, type Order } from '@shop/contract';
import { returnedWords } from '~/lib/money-words';
import { ProductThumb } from '../product/product-thumb';

/** The lines and amounts of an order, as it was priced when placed (a code's discount included). */
export function OrderSummary({ order }: { order: Order }) {
  const paid = order.money.state !== 'unpaid';
  return (
    <div>
      <ul className="divide-y divide-linen">
        {order.order_details.map((line) => (
          <li key={line.id} className="flex gap-4 py-4">
            <ProductThumb
              src={line.product_details.product_variants.image1}
              alt={line.product_details.products.name}
              sizes="80px"
              className="w-16 shrink-0 rounded-xl sm:w-20"
            />
            <div className="flex-1 text-sm">
              <p className="font-semibold">{line.product_details.products.name}</p>
              <p className="text-muted">
                Size {line.size} · {line.color} · Qty {line.quantity}
              </p>
              <p className="text-muted">{formatRupees(line.price)} each</p>
              {line.returned > 0 && <p className="font-semibold text-brand-dark">{returnedWords(line.returned)}</p>}
            </div>
            <p className="text-right font-semibold">
              {formatRupees(line.amount)}
              {line.discount > 0 && (
                <span className="block text-xs font-normal text-muted line-through">
                  {formatRupees(line.amount + line.discount)}
                </span>
              )}
            </p>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-linen pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatRupees(order.subtotal)}</dd>
        </div>
        {order.discount > 0 && (
          <div className="flex justify-between text-sage">
            <dt>Discount{order.discount_code ? ` (${order.discount_code})` : ''}</dt>
            <dd>−{formatRupees(order.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Shipping ({order.shipping_type === 'express' ? 'Express' : 'Standard'})</dt>
          <dd>{formatRupees(order.shipping)}</dd>
        </div>
        {order.cod_fee > 0 && (
          <div className="flex justify-between">
            <dt>Cash on delivery fee</dt>
            <dd>{formatRupees(order.cod_fee)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-linen pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd>{formatRupees(order.total)}</dd>
        </div>
        {order.credit > 0 && (
          <>
            <div className="flex justify-between text-sage">
              <dt>Paid with store credit</dt>
              <dd>−{formatRupees(order.credit)}</dd>
            </div>
            {/* Once paid, the rest is what was paid, not still to pay; nothing at all, no line. */}
            {paid ? (
              order.payable > 0 && (
                <div className="flex justify-between font-semibold">
                  <dt>{order.payment_method === 'COD' ? 'Paid in cash' : 'Paid online'}</dt>
                  <dd>{formatRupees(order.payable)}</dd>
                </div>
              )
            ) : (
              <div className="flex justify-between font-semibold">
                <dt>{order.payment_method === 'COD' ? 'To pay in cash' : 'To pay'}</dt>
                <dd>{formatRupees(order.payable)}</dd>
              </div>
            )}
          </>
        )}
      </dl>
    </div>
  );
}
