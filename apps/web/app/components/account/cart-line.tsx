import { formatRupees, type CartLine } from '@shop/contract';
import { Link } from 'react-router';
import { Price } from '../product/price';
import { ShopImage } from '../ui/shop-image';

interface CartLineProps {
  line: CartLine;
  busy: boolean;
  onQuantity: (quantity: number) => void;
}

/** A cart line (spec §2): picture, name, size, colour, prices; minus, plus and remove; out-of-stock lines only remove. */
export function CartLineRow({ line, busy, onQuantity }: CartLineProps) {
  const { products: product, product_variants: variant, colors } = line.product;
  const inStock = line.product.is_available_in_stock;
  const max = Math.min(variant.stock, 20);
  return (
    <li className="flex gap-4 py-6">
      <Link
        to={`/product/${variant.slug}`}
        className="w-24 shrink-0 self-start overflow-hidden rounded-xl bg-sand sm:w-32"
      >
        <ShopImage
          src={variant.image1}
          alt={`${product.name} in ${colors.name}`}
          width={800}
          height={1000}
          sizes="128px"
          widths={[160, 320]}
          className="aspect-[4/5] w-full object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-sans text-base font-bold">
            <Link to={`/product/${variant.slug}`} className="hover:text-brand-dark">
              {product.name}
            </Link>
          </h2>
          <p className="shrink-0 font-bold">{formatRupees(variant.selling_price * line.quantity)}</p>
        </div>
        <p className="text-sm text-muted">
          Size {variant.size} · {colors.name}
        </p>
        <Price mrp={variant.mrp} price={variant.selling_price} size="sm" />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          {inStock ? (
            <div
              className="inline-flex items-center rounded-full border border-linen bg-white"
              role="group"
              aria-label={`Quantity of ${product.name}`}
            >
              <button
                type="button"
                className="size-10 rounded-full text-lg font-bold hover:bg-sand disabled:opacity-40"
                aria-label={`One fewer ${product.name}`}
                disabled={busy}
                onClick={() => onQuantity(line.quantity - 1)}
              >
                −
              </button>
              <span className="w-8 text-center font-semibold" aria-live="polite">
                {line.quantity}
              </span>
              <button
                type="button"
                className="size-10 rounded-full text-lg font-bold hover:bg-sand disabled:opacity-40"
                aria-label={`One more ${product.name}`}
                disabled={busy || line.quantity >= max}
                onClick={() => onQuantity(line.quantity + 1)}
              >
                +
              </button>
            </div>
          ) : (
            <span className="rounded-full bg-orange-100 px-3 py-1 text-sm font-bold text-orange-800">Out of Stock</span>
          )}
          <button
            type="button"
            className="text-sm font-semibold text-brand-dark underline-offset-4 hover:underline disabled:opacity-50"
            disabled={busy}
            onClick={() => onQuantity(0)}
          >
            Remove<span className="sr-only"> {product.name}</span>
          </button>
          {inStock && line.quantity >= variant.stock && (
            <span className="text-xs text-muted">Only {variant.stock} in stock</span>
          )}
        </div>
      </div>
    </li>
  );
}
