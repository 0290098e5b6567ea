/**
 * `@shop/contract/lite`: the parts of the contract that pages need in the
 * browser, none of which imports zod. The package's index runs every module,
 * so a page importing it carries zod and all the API's schemas (about 28 kB
 * gzipped) for a price format or an image URL; components on the shop's pages
 * import from here, forms and listings that check input with the schemas
 * import '@shop/contract' (docs/benchmarks-lighthouse.md). lite.test.ts keeps
 * this file free of zod.
 */
export * from './images';
export * from './messages';
export * from './money';
export * from './shared-pages';
export * from './deadline';
export * from './size-guide';
export * from './limits';
export * from './api-fetch';
export * from './endpoint-routes';
