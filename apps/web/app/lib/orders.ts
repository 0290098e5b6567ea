import { SHOP_TIME_ZONE } from '@shop/contract/lite';

/** The order a page is for: `?order=<id>` (links from My Orders, the checkout's redirect), or null. */
export function orderIdFrom(url: string): number | null {
  const id = Number(new URL(url).searchParams.get('order'));
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}

/** The shop's own time, for pages rendered on the server (the browser then shows the shopper's). */
export { SHOP_TIME_ZONE };

/** docs/product.md#orders: DD-MM-YYYY hh:mm A, in the given time zone (the browser's when absent). */
export function formatOrderDate(iso: string, timeZone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}
