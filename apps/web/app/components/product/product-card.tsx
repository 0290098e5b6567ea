import type { ListingItem } from '@shop/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ShopImage } from '../ui/shop-image';
import { Price } from './price';

export const productPath = (item: Pick<ListingItem, 'product_variants'>) => `/product/${item.product_variants.slug}`;

/** The sizes attribute of a card in a 2-to-5 column grid. */
export const GRID_IMAGE_SIZES = '(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/**
 * A product card (docs/product.md#catalogue): image, name, selling price and 'Select Options'.
 * On touch screens the first tap shows the details, the second opens the product.
 */
export function ProductCard({
  item,
  priority = false,
  sizes = GRID_IMAGE_SIZES,
}: {
  item: ListingItem;
  priority?: boolean;
  sizes?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const to = productPath(item);
  const { products: product, product_variants: variant } = item;

  const onImageClick = (e: React.MouseEvent) => {
    // Touch: a first tap reveals the details instead of leaving the page.
    if (!expanded && window.matchMedia('(hover: none)').matches) {
      e.preventDefault();
      setExpanded(true);
    }
  };

  return (
    <article
      className="group relative flex flex-col"
      data-expanded={expanded || undefined}
      onMouseLeave={() => setExpanded(false)}
    >
      <Link
        to={to}
        onClick={onImageClick}
        className="relative block overflow-hidden rounded-2xl bg-sand"
        aria-label={product.name}
        data-testid="product-card-link"
      >
        <ShopImage
          src={variant.image1}
          alt={`${product.name} in ${variant.color}`}
          width={800}
          height={1000}
          sizes={sizes}
          priority={priority}
          className="aspect-[4/5] w-full object-cover transition duration-500 group-hover:scale-[1.03]"
        />
        {!item.is_available_in_stock && (
          <span className="absolute top-3 left-3 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-ink">
            Out of Stock
          </span>
        )}
        <span
          className={`absolute inset-x-3 bottom-3 rounded-full bg-white/95 py-2 text-center text-sm font-semibold text-brand-dark shadow-sm transition ${
            expanded
              ? 'translate-y-0 opacity-100'
              : 'translate-y-2 opacity-0 group-hover:translate-y-0 group-hover:opacity-100'
          }`}
        >
          {expanded ? 'Tap again to open' : 'Select Options'}
        </span>
      </Link>
      <div className="mt-3 flex flex-1 flex-col gap-1 px-1">
        <h3 className="font-sans text-sm leading-snug font-semibold text-ink sm:text-base">
          <Link to={to} className="hover:text-brand-dark">
            {product.name}
          </Link>
        </h3>
        <Price mrp={variant.mrp} price={variant.selling_price} size="sm" />
        <Link to={to} className="mt-auto pt-1 text-sm font-semibold text-brand-dark underline-offset-4 hover:underline">
          Select Options<span className="sr-only"> for {product.name}</span>
        </Link>
      </div>
    </article>
  );
}
