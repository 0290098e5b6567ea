/**
 * The parts of @shop/contract that pages need in the browser, without zod.
 *
 * Importing the package's index runs every module of it, so each page's
 * first-load JavaScript carried zod and all the API's schemas (about 28 kB
 * gzipped) for a price format or an image URL. Components on the shop's
 * pages import from here; forms and listings that check input with the
 * contract's schemas still import '@shop/contract' (docs/benchmarks-lighthouse.md).
 */
export * from '../../../../packages/contract/src/images';
export * from '../../../../packages/contract/src/messages';
export * from '../../../../packages/contract/src/money';
export * from '../../../../packages/contract/src/deadline';
export * from '../../../../packages/contract/src/size-guide';

/** As in @shop/contract (catalog.ts), which builds zod schemas; contract-lite.test.ts keeps them equal. */
export const ACCESSORIES_PARENT = 'Accessories';
/** As in @shop/contract (cart.ts). */
export const MAX_LINE_QUANTITY = 20;
