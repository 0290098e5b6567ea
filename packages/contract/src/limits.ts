/** Plain values of the contract that pages use in the browser (no zod: see lite.ts). */

/** The most pieces of one variant a cart line holds. */
export const MAX_LINE_QUANTITY = 20;
/** The most lines a cart holds. */
export const MAX_CART_LINES = 50;
/** The group label of accessory categories (docs/product.md 'Catalogue'). */
export const ACCESSORIES_PARENT = 'Accessories';
