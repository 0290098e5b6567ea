import { z } from 'zod';
import { Id } from './common';
import { ShippingType } from './shipping';

export const ORDER_STATUSES = [
  'created',
  'payment_pending',
  'packaging',
  'user_cancelled',
  'store_cancelled',
  'shipped',
  'delivered',
  'refund_progress',
  'cancelled_refund',
  'refunded',
] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  payment_pending: 'Payment pending',
  packaging: 'Packaging',
  user_cancelled: 'Cancelled',
  store_cancelled: 'Cancelled by store',
  shipped: 'Shipped',
  delivered: 'Delivered',
  refund_progress: 'Refund in progress',
  cancelled_refund: 'Cancelled, refund in progress',
  refunded: 'Refunded',
};

export const PAYMENT_METHODS = ['ONLINE', 'COD'] as const;
export const COD_UNAVAILABLE = 'Cash on Delivery is not available right now...';
export const OUT_OF_STOCK = 'Out of stock';

export const PlaceOrderBody = z
  .object({
    /** The id of one of the shopper's saved addresses. */
    address: Id,
    shipping_type: ShippingType.default('standard'),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'payment_method must be ONLINE' }).default('ONLINE'),
  })
  .strict();
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

export const OrderLineProduct = z.object({
  products: z.object({ id: z.number().int().nullable(), name: z.string(), slug: z.string() }),
  product_variants: z.object({
    id: z.number().int().nullable(),
    slug: z.string(),
    sku: z.string(),
    image1: z.string(),
    mrp: z.number(),
    selling_price: z.number(),
    size: z.string(),
  }),
});
export type OrderLineProduct = z.infer<typeof OrderLineProduct>;

export const OrderDetail = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  color: z.string(),
  size: z.string(),
  price: z.number(),
  product_details: OrderLineProduct,
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const Order = z.object({
  id: z.number().int(),
  status: OrderStatus,
  status_label: z.string(),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  shipping_type: ShippingType,
  payment_method: z.string(),
  payment_id: z.string().nullable(),
  payment_status: z.enum(['Paid', 'Unpaid']),
  invoice_url: z.string().nullable(),
  /** The credit note of what has been paid back (a signed link, like the invoice's). */
  credit_note_url: z.string().nullable().default(null),
  tracking_url: z.string().nullable(),
  created_at: z.string(),
  payment_due_at: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  locality: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  item_count: z.number().int(),
  order_details: z.array(OrderDetail),
  /** The first line's product, for list rows (docs/product.md#orders). */
  product_details: OrderLineProduct.nullable(),
  can_pay: z.boolean(),
  can_cancel: z.boolean(),
  can_return: z.boolean(),
  /** Money the shop has given back or is giving back (a cancel, a full or partial return). */
  refunds: z
    .array(z.object({ amount: z.number(), status: z.enum(['pending', 'processed']), created_at: z.string() }))
    .default([]),
});
export type Order = z.infer<typeof Order>;

export const OrdersResponse = z.object({ data: z.array(Order) });
export const OrderResponse = z.object({ data: Order });
export const PlaceOrderResponse = z.object({ message: z.string(), data: z.array(Order).length(1) });

export const CancelOrderBody = z.object({ order_id: Id }).strict();
export const CancelOrderResponse = z.object({ message: z.string(), data: Order });

/** What the browser needs to open the provider's checkout (docs/product.md#payments). */
export const PaymentStart = z.object({
  order_id: z.number().int(),
  key: z.string(),
  provider_order_id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  name: z.string(),
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  script_url: z.string(),
});
export type PaymentStart = z.infer<typeof PaymentStart>;

export const PaymentStatusBody = z
  .object({
    order_id: Id,
    payment_id: z.string().trim().min(1, 'payment_id is required').max(100),
    provider_order_id: z.string().trim().min(1, 'provider_order_id is required').max(100),
    signature: z.string().trim().min(1, 'signature is required').max(200),
  })
  .strict();
export type PaymentStatusBody = z.infer<typeof PaymentStatusBody>;
export const PaymentStatusResponse = z.object({ message: z.string(), data: Order });
