import { MESSAGES, cartSubtotal, formatRupees } from '@shop/contract';
import { Link, useNavigate } from 'react-router';
import { CartLineRow } from '~/components/account/cart-line';
import { PageHeading, PageLoading, buttonClass } from '~/components/account/page-heading';
import { useCart, useSetCartLine } from '~/lib/cart';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'Your cart | Little Loom' }, { name: 'robots', content: 'noindex' }];

export default function CartPage() {
  const cart = useCart();
  const setLine = useSetCartLine();
  const navigate = useNavigate();
  const lines = cart.data ?? [];

  if (cart.isPending) {
    return <PageLoading />;
  }
  if (cart.isError) {
    return (
      <div className="container-shop py-24 text-center">
        <p>We could not load your cart.</p>
        <button type="button" className={`${buttonClass.secondary} mt-4`} onClick={() => void cart.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const subtotal = cartSubtotal(lines);
  const proceed = () => {
    // Spec §5: checks before checkout.
    if (lines.length === 0) return toast.error(MESSAGES.cartEmpty);
    if (lines.some((l) => !l.product.is_available_in_stock)) return toast.error(MESSAGES.someOutOfStock);
    void navigate('/checkout');
  };

  return (
    <div className="container-shop py-10">
      <PageHeading title="Shopping Cart" />
      {lines.length === 0 ? (
        <div className="rounded-3xl bg-sand px-6 py-16 text-center">
          <h2 className="text-2xl">Your Cart is Empty</h2>
          <p className="mt-2 text-muted">Little pieces, handmade with love, are waiting for you.</p>
          <Link to="/shop" className={`${buttonClass.primary} mt-6`}>
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <ul className="divide-y divide-linen border-y border-linen">
            {lines.map((line) => (
              <CartLineRow
                key={line.id}
                line={line}
                busy={setLine.isPending && setLine.variables?.product_variant_id === line.product_variant_id}
                onQuantity={(quantity) =>
                  setLine.mutate({ product_id: line.product_id, product_variant_id: line.product_variant_id, quantity })
                }
              />
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
            <button type="button" className={`${buttonClass.primary} mt-6 w-full`} onClick={proceed}>
              Proceed to Checkout
            </button>
            <p className="mt-3 text-center text-xs text-muted">Prices include GST. Shipping is added at checkout.</p>
          </aside>
        </div>
      )}
    </div>
  );
}
