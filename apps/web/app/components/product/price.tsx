import { formatRupees, percentOff } from '@shop/contract/lite';

/** Selling price, struck-through mrp and percent off (docs/product.md#catalogue) when discounted. */
export function Price({ mrp, price, size = 'md' }: { mrp: number; price: number; size?: 'sm' | 'md' | 'lg' }) {
  const off = percentOff(mrp, price);
  const big = { sm: 'text-base', md: 'text-lg', lg: 'text-2xl' }[size];
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span className={`${big} font-bold text-ink`}>{formatRupees(price)}</span>
      {off > 0 && (
        <>
          <s className="text-sm text-muted">
            <span className="sr-only">MRP </span>
            {formatRupees(mrp)}
          </s>
          <span className="text-sm font-semibold text-sage">{off}% off</span>
        </>
      )}
    </p>
  );
}
