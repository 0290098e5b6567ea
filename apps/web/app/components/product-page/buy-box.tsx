import { MAX_LINE_QUANTITY, MESSAGES } from '~/lib/contract-lite';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import { useCart, useSetCartLine, useWishlist, useWishlistChange } from '~/lib/cart';
import { toast } from '~/lib/toast';

interface BuyBoxProps {
  productId: number;
  variantId: number;
  stock: number;
}

/** Anonymous shoppers are asked to log in, and come back here afterwards. */
function useLoginFirst() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    toast.error(MESSAGES.loginRequired);
    void navigate(`/login?redirectTo=${encodeURIComponent(pathname)}`);
  };
}

const base =
  'inline-flex h-14 w-full items-center justify-center gap-2 rounded-full px-8 text-base font-bold transition disabled:cursor-not-allowed';

/**
 * Add to Cart / Remove From Cart / Out of Stock (spec §2, §5), then the
 * wishlist. While the login state is restored the buttons show but wait.
 */
export function BuyBox({ productId, variantId, stock }: BuyBoxProps) {
  const { status } = useAuth();
  const loginFirst = useLoginFirst();
  const cart = useCart();
  const setLine = useSetCartLine();
  const [action, setAction] = useState<'add' | 'remove' | null>(null);

  const line = cart.data?.find((l) => l.product_variant_id === variantId);
  const waiting = status === 'loading' || (status === 'signed-in' && cart.isLoading);
  const busy = setLine.isPending;

  // A 401 signs the shopper out (lib/api); adding to the cart then asks for a new login (spec §6).
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) loginFirst();
  };

  const add = () => {
    if (status === 'anonymous') return loginFirst();
    const quantity = Math.min(stock, MAX_LINE_QUANTITY, (line?.quantity ?? 0) + 1);
    setAction('add');
    setLine.mutate(
      { product_id: productId, product_variant_id: variantId, quantity },
      { onSuccess: () => toast.success(MESSAGES.cartUpdated), onError, onSettled: () => setAction(null) },
    );
  };

  const remove = () => {
    setAction('remove');
    setLine.mutate(
      { product_id: productId, product_variant_id: variantId, quantity: 0 },
      { onSuccess: () => toast.success(MESSAGES.cartItemRemoved), onError, onSettled: () => setAction(null) },
    );
  };

  let cartButton: React.ReactNode;
  if (line && action !== 'add') {
    cartButton = (
      <button
        type="button"
        onClick={remove}
        disabled={busy}
        className={`${base} border-2 border-ink bg-white text-ink hover:bg-sand disabled:opacity-60`}
      >
        {action === 'remove' ? 'Updating...' : 'Remove From Cart'}
      </button>
    );
  } else if (stock <= 0) {
    cartButton = (
      <button type="button" disabled className={`${base} bg-linen text-muted`}>
        {MESSAGES.outOfStock}
      </button>
    );
  } else {
    cartButton = (
      <button
        type="button"
        onClick={add}
        disabled={waiting || busy}
        className={`${base} bg-brand-dark text-white shadow-sm hover:bg-ink disabled:opacity-60`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path
            d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9L5 8Zm4 0V6a3 3 0 0 1 6 0v2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {action === 'add' ? 'Adding...' : 'Add to Cart'}
      </button>
    );
  }

  return (
    <div className="space-y-3">
      {cartButton}
      {line && (
        <p className="text-center text-sm text-muted">
          In your cart{line.quantity > 1 ? ` (${line.quantity})` : ''}.{' '}
          <Link to="/cart" className="font-bold text-brand-dark underline underline-offset-4 hover:text-ink">
            View cart
          </Link>
        </p>
      )}
      <WishlistButton productId={productId} variantId={variantId} />
    </div>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function WishlistButton({ productId, variantId }: { productId: number; variantId: number }) {
  const { status } = useAuth();
  const loginFirst = useLoginFirst();
  const wishlist = useWishlist();
  const { add, remove } = useWishlistChange();
  const body = { product_id: productId, product_variant_id: variantId };
  const present = wishlist.data?.some((w) => w.product_variant_id === variantId) ?? false;
  const waiting = status === 'loading' || (status === 'signed-in' && wishlist.isLoading);
  // Spec §6: a 401 on the wishlist signs out and goes to the login page.
  const onError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) loginFirst();
  };

  if (present) {
    return (
      <div className="flex h-14 items-center justify-between gap-3 rounded-full bg-brand-soft pr-2 pl-6">
        <Link to="/wishlist" className="inline-flex items-center gap-2 font-bold text-brand-dark hover:text-ink">
          <Heart filled />
          In your wishlist
        </Link>
        <button
          type="button"
          onClick={() => remove.mutate(body, { onError })}
          disabled={remove.isPending}
          aria-label="Remove from wishlist"
          className="h-10 rounded-full px-4 text-sm font-bold text-ink underline underline-offset-4 hover:bg-white disabled:opacity-60"
        >
          {remove.isPending ? 'Updating...' : 'Remove'}
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => (status === 'anonymous' ? loginFirst() : add.mutate(body, { onError }))}
      disabled={waiting || add.isPending}
      className={`${base} border border-linen bg-white text-ink hover:border-brand-dark hover:text-brand-dark disabled:opacity-60`}
    >
      <Heart filled={false} />
      {add.isPending ? 'Adding...' : 'Add to Wishlist'}
    </button>
  );
}
