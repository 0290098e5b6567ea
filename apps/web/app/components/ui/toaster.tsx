import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '~/lib/config';

/**
 * sonner's toaster as the shop sets it (docs/product.md#layout); root.tsx loads it with the first toast.
 * Toasts open below the announcement bar and the header as they stand at the top of the
 * page (97 px on phones, 109 px from 1024 px), so they never cover the cart, wishlist or
 * account buttons a shopper reaches for next.
 */
export default function ShopToaster() {
  return (
    <Toaster
      position="top-right"
      offset={{ top: 118, right: 24 }}
      mobileOffset={{ top: 106, right: 16, left: 16 }}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}
