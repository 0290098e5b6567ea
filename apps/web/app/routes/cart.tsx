import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, formatRupees } from '@shop/contract';
import { Link } from 'react-router';
import { CartLineRow } from '~/components/account/cart-line';
import { EmptyState } from '~/components/account/empty-state';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { setCartLine } from '~/lib/cart.server';
import { waitingCode } from '~/lib/discount-code.server';
import { toast } from '~/lib/toast';
import { getBuyer } from '~/lib/session.server';
import type { Route } from './+types/cart';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Your cart | Little Loom' }, { name: 'robots', content: 'noindex' }];

/**
 * The cart and the server's price of it (docs/product.md 'One price'), with
 * the code a link carried in, if any: the shopper sees what it takes off, or
 * why it does not apply yet (add ₹N more), before the checkout.
 */
export async function loader(args: Route.LoaderArgs) {
  const code = waitingCode(args);
  // Before the first Add to Cart there is no buyer, and so nothing in the cart.
  if (!(await getBuyer(args))) return { lines: [], quote: null, code: code ?? null };
  const [cart, quote] = await Promise.all([
    read(args, ROUTES['cart.get']),
    read(args, ROUTES['orders.quote'], { body: code ? { discount_code: code } : {} }),
  ]);
  return { lines: cart.data, quote: quote.data, code: code ?? null };
}

/** A line's minus, plus and remove (docs/product.md#screens): each posts the line's new quantity. */
export async function action(args: Route.ActionArgs) {
  return setCartLine(args, await args.request.formData());
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, quote, code } = loaderData;

  return (
    <div className="container-shop py-10">
      <PageHeading title="Shopping Cart" />
      <Notice notice={actionData?.notice} className="mb-6" />
      {lines.length === 0 || !quote ? (
        <EmptyState
          title="Your Cart is Empty"
          text="Little pieces, handmade with love, are waiting for you."
          action={{ to: '/shop', label: 'Continue shopping' }}
        />
      ) : (
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <ul className="divide-y divide-linen border-y border-linen">
            {lines.map((line) => (
              <CartLineRow key={line.id} line={line} />
            ))}
          </ul>
          <aside
            className="h-fit rounded-3xl bg-white p-6 shadow-sm lg:sticky lg:top-24"
            aria-labelledby="summary-heading"
          >
            <h2 id="summary-heading" className="text-xl">
              Order summary
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd className="font-semibold">{formatRupees(quote.subtotal)}</dd>
              </div>
              {quote.discount > 0 && (
                <div className="flex justify-between text-sage">
                  <dt>Discount ({quote.discount_code})</dt>
                  <dd className="font-semibold">−{formatRupees(quote.discount)}</dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt>Shipping (Standard, to India)</dt>
                <dd>{formatRupees(quote.shipping)}</dd>
              </div>
              <div className="flex justify-between border-t border-linen pt-3 text-base">
                <dt className="font-bold">Total</dt>
                <dd className="font-bold">{formatRupees(quote.total)}</dd>
              </div>
            </dl>
            {code && quote.discount_code && (
              <p className="mt-3 rounded-2xl bg-sage-soft px-4 py-2 text-sm">
                Code <strong className="tracking-wide">{quote.discount_code}</strong> will be applied at checkout.
              </p>
            )}
            {code && quote.code_refusal && (
              <p className="mt-3 rounded-2xl bg-sand px-4 py-2 text-sm">
                Code <strong className="tracking-wide">{code}</strong>: {quote.code_refusal.message}
              </p>
            )}
            <Link
              to="/checkout"
              className={`${buttonClass.primary} mt-6 w-full`}
              onClick={(e) => {
                // docs/product.md#validation: an out-of-stock line blocks checkout (the checkout page says so too, without scripts).
                if (lines.some((l) => !l.product.is_available_in_stock)) {
                  e.preventDefault();
                  toast.error(MESSAGES.someOutOfStock);
                }
              }}
            >
              Proceed to Checkout
            </Link>
            <p className="mt-3 text-center text-xs text-muted">
              Prices include GST. The checkout prices shipping to your address.
            </p>
          </aside>
        </div>
      )}
    </div>
  );
}
