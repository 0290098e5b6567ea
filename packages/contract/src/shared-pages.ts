/**
 * Signed-in pages served from a page kept for everyone with the same cart and
 * wishlist (docs/decisions/0010-page-cache.md 'Signed-in shoppers'): the shop
 * renders such a page with a placeholder in place of who is signed in, and
 * fills in the shopper, per request, as a data block the page reads when its
 * scripts start. Both apps use these names.
 */

/** Set by the shop's server alone (an incoming one is dropped): render this page for sharing. */
export const SHARED_PAGE_HEADER = 'x-shop-shared-page';

/** The id of the page's data block (`<script type="application/json">`) holding the signed-in shopper. */
export const SHOPPER_DATA_ID = 'shopper-data';

/** JSON safe inside a `<script>` element: nothing in it can close the element or start markup. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
