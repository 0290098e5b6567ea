import { formatRupees, type CartLine } from '@shop/contract';
import { Link, useFetcher } from 'react-router';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { Price } from '../product/price';
import { ProductThumb } from '../product/product-thumb';

/**
 * A cart line (docs/product.md#cart): picture, name, size, colour, prices; minus, plus and
 * remove; out-of-stock lines only remove. The buttons send the line's new
 * quantity in a form (routes/cart.tsx's action); with scripts the change
 * shows at once and the page stays where it is.
 */
export function CartLineRow({ line }: { line: CartLine }) {
  const fetcher = useFetcher<FormAnswer>();
  const { products: product, product_variants: variant, colors } = line.product;
  const inStock = line.product.is_available_in_stock;
  const max = Math.min(variant.stock, 20);
  // While a change is on its way, the line shows it; a refusal puts the server's quantity back.
  const sending = fetcher.formData?.get('quantity');
  const quantity = typeof sending === 'string' ? Number(sending) : line.quantity;
  if (quantity === 0) return null;

  return (
    <li className="flex gap-4 py-6">
      <Link
        to={`/product/${variant.slug}`}
        className="w-24 shrink-0 self-start overflow-hidden rounded-xl bg-sand sm:w-32"
      >
        <ProductThumb src={variant.image1} alt={`${product.name} in ${colors.name}`} sizes="128px" className="w-full" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-sans text-base font-bold">
            <Link to={`/product/${variant.slug}`} className="hover:text-brand-dark">
              {product.name}
            </Link>
          </h2>
          <p className="shrink-0 font-bold">{formatRupees(variant.selling_price * quantity)}</p>
        </div>
        <p className="text-sm text-muted">
          Size {variant.size} · {colors.name}
        </p>
        <Price mrp={variant.mrp} price={variant.selling_price} size="sm" />
        <fetcher.Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-center gap-3">
          <input type="hidden" name="product_id" value={line.product_id} />
          <input type="hidden" name="product_variant_id" value={line.product_variant_id} />
          {inStock ? (
            <div
              className="inline-flex items-center rounded-full border border-linen bg-white"
              role="group"
              aria-label={`Quantity of ${product.name}`}
            >
              <button
                type="submit"
                name="quantity"
                value={quantity - 1}
                className="size-10 rounded-full text-lg font-bold hover:bg-sand disabled:opacity-40"
                aria-label={`One fewer ${product.name}`}
              >
                −
              </button>
              <span className="w-8 text-center font-semibold" aria-live="polite">
                {quantity}
              </span>
              <button
                type="submit"
                name="quantity"
                value={quantity + 1}
                className="size-10 rounded-full text-lg font-bold hover:bg-sand disabled:opacity-40"
                aria-label={`One more ${product.name}`}
                disabled={quantity >= max}
              >
                +
              </button>
            </div>
          ) : (
            <span className="rounded-full bg-orange-100 px-3 py-1 text-sm font-bold text-orange-800">Out of Stock</span>
          )}
          <button
            type="submit"
            name="quantity"
            value={0}
            className="text-sm font-semibold text-brand-dark underline-offset-4 hover:underline disabled:opacity-50"
          >
            Remove<span className="sr-only"> {product.name}</span>
          </button>
          {inStock && quantity >= variant.stock && (
            <span className="text-xs text-muted">Only {variant.stock} in stock</span>
          )}
        </fetcher.Form>
        <Notice notice={fetcher.data?.notice} inline={false} />
      </div>
    </li>
  );
}
