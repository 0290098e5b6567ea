import { Link, useFetcher } from 'react-router';
import { useCartLines } from '~/components/layout/nav';
import { Notice } from '~/components/ui/notice';
import { MAX_LINE_QUANTITY, MESSAGES } from '@shop/contract/lite';
import type { FormAnswer } from '~/lib/flash';
import { BagBoldIcon, HeartBoldIcon } from '~/components/ui/product-icons';

interface BuyBoxProps {
  productId: number;
  variantId: number;
  stock: number;
  /** In the signed-in shopper's wishlist (the product page's loader). */
  wishlisted: boolean;
  /** The page's action answered a form sent without scripts (a refusal). */
  answer?: FormAnswer;
}

const base =
  'inline-flex h-14 w-full items-center justify-center gap-2 rounded-full px-8 text-base font-bold transition disabled:cursor-not-allowed';

/** The variant's ids, as every form of the buy box sends them. */
function VariantFields({ productId, variantId }: { productId: number; variantId: number }) {
  return (
    <>
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="product_variant_id" value={variantId} />
    </>
  );
}

/**
 * Add to Cart / Remove From Cart / Out of Stock (docs/product.md#catalogue), then the
 * wishlist. Each is a form posting to the product page's action, so it works
 * before the scripts run (an anonymous shopper is sent to log in by the
 * server); with them, the page stays put and a toast says what happened.
 */
export function BuyBox({ productId, variantId, stock, wishlisted, answer }: BuyBoxProps) {
  const fetcher = useFetcher<FormAnswer>();
  const line = useCartLines().find((l) => l.product_variant_id === variantId);
  const sending = fetcher.formData?.get('quantity');
  const adding = typeof sending === 'string' && sending !== '0';
  const removing = sending === '0';

  let cartButton: React.ReactNode;
  if (line && !adding) {
    cartButton = (
      <button
        type="submit"
        name="quantity"
        value={0}
        disabled={removing}
        className={`${base} border-2 border-ink bg-white text-ink hover:bg-sand disabled:opacity-60`}
      >
        {removing ? 'Updating...' : 'Remove From Cart'}
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
        type="submit"
        name="quantity"
        value={Math.min(stock, MAX_LINE_QUANTITY, (line?.quantity ?? 0) + 1)}
        disabled={adding}
        className={`${base} bg-brand-dark text-white shadow-sm hover:bg-ink disabled:opacity-60`}
      >
        <BagBoldIcon size={5} />
        {adding ? 'Adding...' : 'Add to Cart'}
      </button>
    );
  }

  return (
    <div className="space-y-3">
      <Notice notice={answer?.notice} />
      <fetcher.Form method="post" preventScrollReset>
        <VariantFields productId={productId} variantId={variantId} />
        <input type="hidden" name="intent" value="cart" />
        {cartButton}
      </fetcher.Form>
      <Notice notice={fetcher.data?.notice} inline={false} />
      {line && (
        <p className="text-center text-sm text-muted">
          In your cart{line.quantity > 1 ? ` (${line.quantity})` : ''}.{' '}
          <Link to="/cart" className="font-bold text-brand-dark underline underline-offset-4 hover:text-ink">
            View cart
          </Link>
        </p>
      )}
      <WishlistButton productId={productId} variantId={variantId} present={wishlisted} />
    </div>
  );
}

function WishlistButton({ productId, variantId, present }: { productId: number; variantId: number; present: boolean }) {
  const fetcher = useFetcher<FormAnswer>();
  const sending = fetcher.formData?.get('intent');
  return (
    <fetcher.Form method="post" preventScrollReset>
      <VariantFields productId={productId} variantId={variantId} />
      {present ? (
        <div className="flex h-14 items-center justify-between gap-3 rounded-full bg-brand-soft pr-2 pl-6">
          <Link to="/wishlist" className="inline-flex items-center gap-2 font-bold text-brand-dark hover:text-ink">
            <HeartBoldIcon size={5} filled />
            In your wishlist
          </Link>
          <button
            type="submit"
            name="intent"
            value="wishlist-remove"
            disabled={!!sending}
            aria-label="Remove from wishlist"
            className="h-10 rounded-full px-4 text-sm font-bold text-ink underline underline-offset-4 hover:bg-white disabled:opacity-60"
          >
            {sending ? 'Updating...' : 'Remove'}
          </button>
        </div>
      ) : (
        <button
          type="submit"
          name="intent"
          value="wishlist-add"
          disabled={!!sending}
          className={`${base} border border-linen bg-white text-ink hover:border-brand-dark hover:text-brand-dark disabled:opacity-60`}
        >
          <HeartBoldIcon size={5} />
          {sending ? 'Adding...' : 'Add to Wishlist'}
        </button>
      )}
      <Notice notice={fetcher.data?.notice} inline={false} />
    </fetcher.Form>
  );
}
