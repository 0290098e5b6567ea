import { payByText } from '@shop/contract/lite';

/**
 * Until when an unpaid order is held, in the shop's time on the server and in
 * the browser alike ('Pay by 14:30 to keep these pieces'; docs/product.md).
 */
export function PayBy({ order, className = '' }: { order: { payment_due_at: string }; className?: string }) {
  return (
    <p className={`text-sm font-semibold text-brand-dark ${className}`} data-testid="pay-by">
      {/* "Today" may differ between the server's render and the browser's around midnight. */}
      <time dateTime={order.payment_due_at} suppressHydrationWarning>
        {payByText(order.payment_due_at)}
      </time>
    </p>
  );
}
