import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

/** The URL map of docs/product.md#screens (where two addresses lead to one page, both answer). */
export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx'),
  route('categories', 'routes/categories.tsx'),
  route('categories/:slug', 'routes/category.tsx'),
  route('collections', 'routes/collections.tsx'),
  route('collections/:key', 'routes/collection.tsx'),
  route('search', 'routes/search.tsx', { id: 'search' }),
  route('products-search', 'routes/search.tsx', { id: 'products-search' }),
  route('product/:slug', 'routes/product.tsx'),
  route('size-guide/:category', 'routes/size-guide.tsx'),

  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('menu', 'routes/menu.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('otp-page', 'routes/otp-page.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),

  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx', { id: 'contact' }),
  route('contact-us', 'routes/contact.tsx', { id: 'contact-us' }),
  route('terms-and-conditions', 'routes/terms-and-conditions.tsx'),
  route('cancellation-and-refunds', 'routes/cancellation-and-refunds.tsx'),
  route('shipping-policy', 'routes/shipping-policy.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('about-the-seller', 'routes/about-the-seller.tsx'),

  // docs/product.md#screens: every page below needs a signed-in shopper.
  layout('routes/require-auth.tsx', [
    route('my-profile', 'routes/profile.tsx', { id: 'my-profile' }),
    route('profile', 'routes/profile.tsx', { id: 'profile' }),
    // Account self-service (docs/product.md 'Your account').
    route('my-profile/password', 'routes/account/change-password.tsx'),
    route('my-profile/email', 'routes/account/change-email.tsx'),
    route('my-profile/delete', 'routes/account/delete-account.tsx'),
    route('my-profile/data', 'routes/account/my-data.ts'),
    route('my-profile/credit', 'routes/account/store-credit.tsx'),
    route('my-profile/messages', 'routes/account/order-messages.tsx'),
    route('wishlist', 'routes/wishlist.tsx'),
    route('orders/guest', 'routes/account/guest-orders.tsx'),
  ]),
  // A buyer's pages: an account's, or a guest's (docs/product.md 'Buying as a guest'); each loader asks for one.
  route('orders', 'routes/orders.tsx'),
  route('order-details', 'routes/order-details.tsx'),
  route('cancel-confirm', 'routes/cancel-confirm.tsx'),
  route('pay', 'routes/pay.tsx'),
  route('cod-confirm', 'routes/cod-confirm.tsx'),
  route('addresses', 'routes/addresses.tsx'),
  route('address/add', 'routes/address-form.tsx', { id: 'address-add' }),
  route('address/update', 'routes/address-form.tsx', { id: 'address-update' }),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  // A guest finds an order again: by its number and email, or by the link its mails carry.
  route('order-status', 'routes/order-status.tsx'),
  route('order-link/:id/:token', 'routes/order-link.tsx'),
  // A marketing mail's way out: one press, no sign-in (docs/product.md 'Messages to shoppers').
  route('unsubscribe/:user/:token', 'routes/unsubscribe.tsx'),
  // The way out of a back-in-stock mail (docs/product.md 'Back in stock').
  route('back-in-stock/stop', 'routes/back-in-stock-stop.tsx'),

  // The back office (docs/back-office.md): its own layout and bundle; no storefront route imports it.
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/logout', 'routes/admin/logout.tsx'),
  route('admin/invite', 'routes/admin/invite.tsx'),
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/orders', 'routes/admin/orders.tsx'),
    route('admin/orders/bulk', 'routes/admin/orders-bulk.tsx'),
    route('admin/orders/:id', 'routes/admin/order.tsx'),
    route('admin/staff', 'routes/admin/staff.tsx'),
    route('admin/activity', 'routes/admin/activity.tsx'),
    route('admin/returns', 'routes/admin/returns.tsx'),
    route('admin/returns/:id', 'routes/admin/return.tsx'),
    route('admin/refunds', 'routes/admin/refunds.tsx'),
    route('admin/customers', 'routes/admin/customers.tsx'),
    route('admin/customers/:id', 'routes/admin/customer.tsx'),
    route('admin/enquiries', 'routes/admin/enquiries.tsx'),
    route('admin/enquiries/:id', 'routes/admin/enquiry.tsx'),
    route('admin/reports', 'routes/admin/reports.tsx'),
    route('admin/mails', 'routes/admin/mails.tsx'),
    route('admin/messages', 'routes/admin/messages.tsx'),
    // Products and their variants.
    route('admin/products', 'routes/admin/products.tsx'),
    route('admin/products/new', 'routes/admin/product-new.tsx'),
    route('admin/products/:id', 'routes/admin/product.tsx'),
    // Stock and settings.
    route('admin/stock', 'routes/admin/stock.tsx'),
    route('admin/back-in-stock', 'routes/admin/back-in-stock.tsx'),
    route('admin/settings', 'routes/admin/settings.tsx'),
    // Pictures per colour, categories and collections.
    route('admin/products/:id/pictures', 'routes/admin/product-pictures.tsx'),
    route('admin/categories', 'routes/admin/groups.tsx', { id: 'admin-categories' }),
    route('admin/categories/:id', 'routes/admin/group.tsx', { id: 'admin-category' }),
    route('admin/collections', 'routes/admin/groups.tsx', { id: 'admin-collections' }),
    route('admin/collections/:id', 'routes/admin/group.tsx', { id: 'admin-collection' }),
    // Area 'home': catalogue import / export and the home page.
    route('admin/catalog/import', 'routes/admin/catalog-io.tsx'),
    route('admin/home', 'routes/admin/home.tsx'),
    // Discount codes (docs/product.md 'Discount codes'): staff read, the owner writes.
    route('admin/discounts', 'routes/admin/discounts.tsx'),
    route('admin/discounts/new', 'routes/admin/discount-new.tsx'),
    route('admin/discounts/:id', 'routes/admin/discount.tsx'),
  ]),

  route('analytics-consent', 'routes/analytics-consent.ts'),
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
