import type { SellerDetails } from '@shop/contract';
import type { orders } from '../orders/orders.schema';
import { deliveryAddress } from '../orders/delivery-address';
import { isIntraState } from '../pricing/tax';
import type { InvoiceDocument } from './invoice-pdf';

/** The seller (the shop's settings, modules/settings) and the buyer (the order's address) of a tax document, and the tax's kind. */
export function invoiceParties(
  seller: SellerDetails,
  order: typeof orders.$inferSelect,
): Pick<InvoiceDocument, 'seller' | 'buyer' | 'intraState'> {
  return {
    seller: {
      legalName: seller.legal_name,
      address: seller.address,
      state: seller.state,
      gstin: seller.gstin,
      email: seller.email,
      phone: seller.phone,
    },
    buyer: {
      name: order.name,
      phone: order.phone,
      ...deliveryAddress(order),
      email: order.email,
    },
    intraState: isIntraState(order, seller.state),
  };
}
