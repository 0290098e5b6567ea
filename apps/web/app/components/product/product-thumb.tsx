import type { ImageWidth } from '@shop/contract/lite';
import { ShopImage } from '../ui/shop-image';

/**
 * A product's picture small, beside its name in a list: a cart or order line,
 * an order, a search suggestion. 4:5 like every product picture, from the small
 * widths; `className` gives its width, corners and placeholder colour.
 */
export function ProductThumb({
  src,
  alt,
  sizes,
  widths = [160, 320],
  className,
}: {
  src: string;
  alt: string;
  sizes: string;
  widths?: readonly ImageWidth[];
  className: string;
}) {
  return (
    <ShopImage
      src={src}
      alt={alt}
      width={800}
      height={1000}
      sizes={sizes}
      widths={widths}
      className={`aspect-[4/5] object-cover ${className}`}
    />
  );
}
