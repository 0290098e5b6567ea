import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, cartSubtotal, formatRupees } from '@shop/contract';
import { Link } from 'react-router';
import { CartLineRow } from '~/components/account/cart-line';
import { EmptyState } from '~/components/account/empty-state';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { setCartLine } from '~/lib/cart.server';
import { toast } from '~/lib/toast';
import { loadMine, requireUser } from '~/lib/session.server';
import type { Route } from './+types/cart';

export const meta = () => [{ title: 'Your cart | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { lines: (await loadMine(args, ROUTES['cart.get'])).data };
}

/** A line's minus, plus and remove (docs/product.md#screens): each posts the line's new quantity. */
export async function action(args: Route.ActionArgs) {
  return setCartLine(args, await args.request.formData());
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines } = loaderData;
  const subtotal = cartSubtotal(lines);

  return (
    <div className="container-shop py-10">
      <PageHeading title="Shopping Cart" />
      <Notice notice={actionData?.notice} className="mb-6" />
      {lines.length === 0 ? (
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
                <dd className="font-semibold">{formatRupees(subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Shipping</dt>
                <dd className="text-muted">Varies by address</dd>
              </div>
              <div className="flex justify-between border-t border-linen pt-3 text-base">
                <dt className="font-bold">Total</dt>
                <dd className="font-bold">{formatRupees(subtotal)}</dd>
              </div>
            </dl>
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
            <p className="mt-3 text-center text-xs text-muted">Prices include GST. Shipping is added at checkout.</p>
          </aside>
        </div>
      )}
    </div>
  );
}
