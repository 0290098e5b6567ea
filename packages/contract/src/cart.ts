import { z } from 'zod';
import { ProductDetail } from './catalog';
import { Id } from './common';
import { MAX_LINE_QUANTITY } from './limits';

export const CartBody = z
  .object({
    product_id: Id,
    product_variant_id: Id,
    quantity: z
      .number({ error: 'quantity must be a number' })
      .int('quantity must be a whole number')
      .min(0, 'quantity must not be negative')
      .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  })
  .strict();
export type CartBody = z.infer<typeof CartBody>;

/** A product as a cart or wishlist line shows it (docs/product.md#cart): the product page's shape. */
export const LineProduct = ProductDetail;

export const CartLine = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_variant_id: z.number().int(),
  quantity: z.number().int(),
  product: LineProduct,
});
export type CartLine = z.infer<typeof CartLine>;

export const CartResponse = z.object({ data: z.array(CartLine) });
export const CartUpdateResponse = z.object({ message: z.string(), data: z.array(CartLine) });

export const WishlistBody = z.object({ product_id: Id, product_variant_id: Id }).strict();
export type WishlistBody = z.infer<typeof WishlistBody>;
export const WishlistItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_variant_id: z.number().int(),
  product: LineProduct,
});
export type WishlistItem = z.infer<typeof WishlistItem>;
export const WishlistResponse = z.object({ data: z.array(WishlistItem) });
