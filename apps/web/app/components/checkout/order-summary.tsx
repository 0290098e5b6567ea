import { formatRupees, type CartLine, type ShippingType } from '@shop/contract';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import type { Flash } from '~/lib/flash';
import { ProductThumb } from '~/components/product/product-thumb';
import { SHIPPING_LABELS } from './choices';

interface SummaryProps {
  lines: CartLine[];
  subtotal: number;
  shippingType: ShippingType;
  /** The shipping of the chosen address and type; undefined before an address is chosen. */
  rate: number | undefined;
  notice: Pick<Flash, 'kind' | 'text'> | null | undefined;
  placing: boolean;
}

/** The order's pieces and money, the form's answer, Order Now, and the terms the shopper agrees to. */
export function OrderSummary({ lines, subtotal, shippingType, rate, notice, placing }: SummaryProps) {
  return (
    <aside className="h-fit rounded-3xl bg-white p-6 shadow-sm lg:sticky lg:top-24" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="text-xl">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-linen">
        {lines.map((l) => (
          <li key={l.id} className="flex gap-3 py-3 text-sm">
            <ProductThumb
              src={l.product.product_variants.image1}
              alt=""
              sizes="56px"
              widths={[160]}
              className="w-14 rounded-lg"
            />
            <span className="flex-1">
              <span className="block font-semibold">{l.product.products.name}</span>
              <span className="text-muted">
                {l.product.product_variants.size} · {l.product.colors.name} · × {l.quantity}
              </span>
            </span>
            <span className="font-semibold">{formatRupees(l.quantity * l.product.product_variants.selling_price)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-linen pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatRupees(subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping ({SHIPPING_LABELS[shippingType].name})</dt>
          <dd>{rate === undefined ? 'Select an address' : formatRupees(rate)}</dd>
        </div>
        <div className="flex justify-between border-t border-linen pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd>{formatRupees(subtotal + (rate ?? 0))}</dd>
        </div>
      </dl>
      <Notice notice={notice} className="mt-4" />
      <button type="submit" className={`${buttonClass.primary} mt-6 w-full`} disabled={placing}>
        {placing ? 'Placing your order...' : 'Order Now'}
      </button>
      <p className="mt-3 text-center text-xs text-muted">Prices include GST. You pay on the next step.</p>
      {/* Consumer Protection (E-Commerce) Rules 2020: the terms, before paying. */}
      <p className="mt-3 text-center text-xs text-muted">
        By placing the order you agree to our{' '}
        <Link to="/cancellation-and-refunds" className="font-semibold text-brand-dark underline">
          return, refund and exchange policy
        </Link>
        ,{' '}
        <Link to="/shipping-policy" className="font-semibold text-brand-dark underline">
          delivery terms
        </Link>{' '}
        and{' '}
        <Link to="/terms-and-conditions#orders-and-payment" className="font-semibold text-brand-dark underline">
          payment terms
        </Link>
        .
      </p>
    </aside>
  );
}
