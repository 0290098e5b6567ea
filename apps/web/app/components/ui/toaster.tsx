import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '~/lib/config';

/** sonner's toaster as the shop sets it (spec §9); root.tsx loads it with the first toast. */
export default function ShopToaster() {
  return <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />;
}
