import { formatRupees, type CartLine, type Quote, type ShippingType } from '@shop/contract';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import type { Flash } from '~/lib/flash';
import { ProductThumb } from '~/components/product/product-thumb';
import { useHydrated } from '~/lib/use-hydrated';
import { SHIPPING_LABELS } from './choices';
import { DiscountField } from './discount-field';

interface SummaryProps {
  lines: CartLine[];
  /** The server's price of the bag for the choices the page was drawn with (docs/product.md 'One price'). */
  quote: Quote;
  shippingType: ShippingType;
  /** Paying by cash on delivery (its fee is a line of the quote). */
  cod: boolean;
  /** Whether the shopper has an address to deliver to (without one, shipping is India's rate). */
  hasAddress: boolean;
  code: { typed: string; error: string | undefined };
  notice: Pick<Flash, 'kind' | 'text'> | null | undefined;
  placing: boolean;
  /** The page is being priced again for new choices (scripts on). */
  repricing: boolean;
}

/**
 * The order's pieces and money as the server quoted them, the discount code,
 * the form's answer, Order Now, and the terms the shopper agrees to. Every
 * figure is the quote's: nothing here adds up a total.
 */
export function OrderSummary(props: SummaryProps) {
  const { lines, quote, shippingType, cod, hasAddress, code, notice, placing, repricing } = props;
  const hydrated = useHydrated();
  const priced = new Map(quote.lines.map((l) => [l.product_variant_id, l]));
  return (
    <aside className="h-fit rounded-3xl bg-white p-6 shadow-sm lg:sticky lg:top-24" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="text-xl">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-linen">
        {lines.map((l) => {
          const line = priced.get(l.product.product_variants.id);
          return (
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
              <span className="text-right font-semibold">
                {line ? formatRupees(line.amount) : null}
                {line && line.discount > 0 && (
                  <span className="block text-xs font-normal text-muted line-through">
                    {formatRupees(line.amount + line.discount)}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <DiscountField applied={quote.discount_code} typed={code.typed} error={code.error} />
      <dl
        className={`mt-4 space-y-2 border-t border-linen pt-4 text-sm transition-opacity ${repricing ? 'opacity-50' : ''}`}
        aria-busy={repricing || undefined}
      >
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatRupees(quote.subtotal)}</dd>
        </div>
        {quote.discount > 0 && (
          <div className="flex justify-between text-sage">
            <dt>Discount ({quote.discount_code})</dt>
            <dd>−{formatRupees(quote.discount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt>Shipping ({SHIPPING_LABELS[shippingType].name})</dt>
          <dd>{formatRupees(quote.shipping)}</dd>
        </div>
        {quote.cod_fee > 0 && (
          <div className="flex justify-between gap-3">
            <dt>Cash on delivery fee</dt>
            <dd>{formatRupees(quote.cod_fee)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-linen pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd>{formatRupees(quote.total)}</dd>
        </div>
        {quote.credit > 0 && (
          <>
            <div className="flex justify-between text-sage">
              <dt>Store credit</dt>
              <dd>−{formatRupees(quote.credit)}</dd>
            </div>
            <div className="flex justify-between text-base font-bold">
              <dt>To pay</dt>
              <dd>{formatRupees(quote.payable)}</dd>
            </div>
          </>
        )}
      </dl>
      {!hasAddress && (
        <p className="mt-2 text-xs text-muted">Select an address: until then, shipping is India&apos;s.</p>
      )}
      {quote.discount > 0 && (
        <p className="mt-2 text-right text-sm font-semibold text-sage">You save {formatRupees(quote.discount)}</p>
      )}
      {!hydrated && (
        <button type="submit" name="intent" value="requote" className={`${buttonClass.quiet} mt-2 w-full`}>
          Update total for the choices made
        </button>
      )}
      <Notice notice={notice} className="mt-4" />
      <button
        type="submit"
        name="intent"
        value="place"
        className={`${buttonClass.primary} mt-6 w-full`}
        disabled={placing}
      >
        {placing ? 'Placing your order...' : 'Order Now'}
      </button>
      <p className="mt-3 text-center text-xs text-muted">
        {quote.credit > 0 && quote.payable === 0
          ? 'Prices include GST. Your store credit pays for the whole order.'
          : cod
            ? 'Prices include GST. You pay in cash when your order is delivered.'
            : 'Prices include GST. You pay on the next step.'}
      </p>
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
