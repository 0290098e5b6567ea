import type { Env } from '../../env';
import type { orders } from '../../db/schema';
import { isIntraState } from './gst';
import type { InvoiceDocument } from './invoice-pdf';

/** The seller (the shop's settings) and the buyer (the order's address) of a tax document, and the tax's kind. */
export function invoiceParties(
  env: Env,
  order: typeof orders.$inferSelect,
): Pick<InvoiceDocument, 'seller' | 'buyer' | 'intraState'> {
  return {
    seller: {
      legalName: env.SHOP_LEGAL_NAME,
      address: env.SHOP_ADDRESS,
      state: env.SHOP_STATE,
      gstin: env.SHOP_GSTIN,
      email: env.SHOP_EMAIL,
      phone: env.SHOP_PHONE,
    },
    buyer: {
      name: order.name,
      phone: order.phone,
      address: order.address,
      locality: order.locality,
      city: order.city,
      state: order.state,
      pincode: order.pincode,
      country: order.country,
      email: order.email,
    },
    intraState: isIntraState(order, env.SHOP_STATE),
  };
}
