import { formatRupees, type Order } from '@shop/contract';
import { ProductThumb } from '../product/product-thumb';

/** The lines and amounts of an order. */
export function OrderSummary({ order }: { order: Order }) {
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
            </div>
            <p className="font-semibold">{formatRupees(line.price * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-linen pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatRupees(order.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping ({order.shipping_type === 'express' ? 'Express' : 'Standard'})</dt>
          <dd>{formatRupees(order.shipping)}</dd>
        </div>
        <div className="flex justify-between border-t border-linen pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd>{formatRupees(order.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
