import type { orders } from './orders.schema';

/**
 * Where an order goes: the address it was placed with, copied onto the order
 * (later edits to the shopper's address book leave it be). One shape for the
 * shopper's order, the back office's and the invoice's buyer.
 */
export const deliveryAddress = (order: typeof orders.$inferSelect) => ({
  address: order.address,
  locality: order.locality,
  city: order.city,
  state: order.state,
  pincode: order.pincode,
  country: order.country,
});
