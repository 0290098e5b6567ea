export * from './common';
export * from './money';
export * from './images';
export * from './catalog';
export * from './shipping';
export * from './orders';
export * from './deadline';
export * from './size-guide';
export * from './limits';
export * from './messages';
export * from './places';
export * from './accounts';
export * from './addresses';
export * from './cart';
export * from './contact';
export * from './analytics';
export * from './session';
export * from './admin';
export * from './admin-orders';
export * from './admin-returns';
export * from './admin-people';
export * from './admin-reports';
export * from './admin-mails';
export * from './admin-pictures';
// Back office part 2, products (issue #14 items 1-2).
export * from './admin-products';
// Back office part 2, stock and settings (issue #14).
export * from './admin-stock';
export * from './admin-settings';
// Back office part 2, pics: pictures per colour, categories and collections.
export * from './admin-product-pictures';
export * from './admin-categories';
// Back office part 2, area 'home': catalogue import/export and the home page.
export * from './admin-catalog-io';
export * from './admin-home';
// The typed endpoint table (issue #11): every call of the API by name.
export * from './endpoint-routes';
export * from './admin-endpoint-routes';
export * from './endpoints';
