import { imageSrcSet, resizeImageUrl, type ImageWidth } from '@shop/contract/lite';

interface ShopImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string;
  /** The largest picture of the first screen: eager, high priority. Everything else is lazy. */
  priority?: boolean;
  widths?: readonly ImageWidth[];
  className?: string;
}

/** A shop picture with srcset from the API's widths; width and height set so nothing shifts. */
export function ShopImage({ src, alt, width, height, sizes, priority = false, widths, className }: ShopImageProps) {
  return (
    <img
      src={resizeImageUrl(src, 640)}
      srcSet={imageSrcSet(src, widths)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
      className={className}
    />
  );
}
