// The one list of every table, for Drizzle (drizzle.config.ts, db/client.ts). Each
// module owns its tables in <module>.schema.ts (docs/architecture.md): import them
// from there, not from here.
export * from '../modules/images/images.schema';
export * from '../modules/catalog/catalog.schema';
export * from '../modules/accounts/accounts.schema';
export * from '../modules/addresses/addresses.schema';
export * from '../modules/cart/cart.schema';
export * from '../modules/cart-reminders/cart-reminders.schema';
export * from '../modules/wishlist/wishlist.schema';
export * from '../modules/orders/orders.schema';
export * from '../modules/payments/payments.schema';
export * from '../modules/credit/credit.schema';
export * from '../modules/discounts/discounts.schema';
export * from '../modules/invoices/invoices.schema';
export * from '../modules/shipping/shipping.schema';
export * from '../modules/settings/settings.schema';
export * from '../modules/contact/contact.schema';
export * from '../modules/mail/mail.schema';
export * from '../modules/analytics/analytics.schema';
export * from '../modules/audit/audit.schema';
export * from '../outbox/outbox.schema';
export * from '../modules/messages/messages.schema';
export * from '../modules/back-in-stock/back-in-stock.schema';
