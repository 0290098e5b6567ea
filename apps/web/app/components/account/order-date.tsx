import { SHOP_TIME_ZONE, formatOrderDate } from '~/lib/orders';
import { useHydrated } from '~/lib/use-hydrated';

/** An order's date: in the shop's time as the server renders it, in the shopper's once the page runs. */
export function OrderDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{formatOrderDate(iso, hydrated ? undefined : SHOP_TIME_ZONE)}</time>;
}
