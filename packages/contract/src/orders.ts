import { z } from 'zod';
import { Id } from './common';
import { DISCOUNT_REFUSALS, DiscountCodeText } from './discounts';
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
  /** A cash-on-delivery parcel refused at the door and brought back by the carrier. */
  'returned_to_origin',
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
  returned_to_origin: 'Returned to origin',
};

export const PAYMENT_METHODS = ['ONLINE', 'COD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ONLINE: 'Credit/Debit Card & UPI',
  COD: 'Cash on delivery',
};
/** The seed's words while the owner has not switched cash on delivery on. */
export const COD_UNAVAILABLE = 'Cash on Delivery is not available right now...';

/** Where a cash-on-delivery order stands with its confirmation code. */
export const COD_CONFIRMATIONS = ['awaiting_code', 'confirmed', 'not_confirmed'] as const;
export type CodConfirmation = (typeof COD_CONFIRMATIONS)[number];
export const COD_CONFIRMATION_LABELS: Record<CodConfirmation, string> = {
  awaiting_code: 'Awaiting confirmation code',
  confirmed: 'Confirmed',
  not_confirmed: 'Not confirmed',
};

/**
 * Where an order's money stands, beside its status (docs/product.md 'After the sale'): a part
 * given back (a returned line, a goodwill amount) leaves the status as it
 * was; only giving back all that was paid makes the order refunded.
 */
export const MONEY_STATES = ['unpaid', 'paid', 'partly_refunded', 'refunded'] as const;
export type MoneyState = (typeof MONEY_STATES)[number];
export const MONEY_STATE_LABELS: Record<MoneyState, string> = {
  unpaid: 'Not paid',
  paid: 'Paid',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};
export const OrderMoney = z.object({
  state: z.enum(MONEY_STATES),
  state_label: z.string(),
  /** What was paid for the order: its total once paid (a COD order's once its cash is collected). */
  paid: z.number(),
  /** Given back, or on its way back. */
  refunded: z.number(),
  /** Of `refunded`, what the provider has not paid back yet. */
  refunding: z.number(),
  /** What may still be given back. */
  left: z.number(),
});
export type OrderMoney = z.infer<typeof OrderMoney>;

/** The 6-digit code mailed to confirm a cash-on-delivery order. */
export const CodConfirmBody = z
  .object({
    code: z
      .string({ error: 'code is required' })
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code we mailed you'),
  })
  .strict();
export type CodConfirmBody = z.infer<typeof CodConfirmBody>;
export const OUT_OF_STOCK = 'Out of stock';

export const PlaceOrderBody = z
  .object({
    /** The id of one of the shopper's saved addresses. */
    address: Id,
    shipping_type: ShippingType.default('standard'),
    payment_method: z.enum(PAYMENT_METHODS, { error: 'payment_method must be ONLINE or COD' }).default('ONLINE'),
    /** A discount code, checked again when the order is placed (docs/product.md 'Discount codes'). */
    discount_code: DiscountCodeText.optional(),
    /** Spend the account's store credit on it, as much as it takes (docs/product.md 'Store credit'). */
    use_credit: z.boolean({ error: 'use_credit must be true or false' }).default(false),
    /**
     * The channels that get this order's news and later ones' (docs/product.md 'Messages to
     * shoppers'): a tick agrees, no tick withdraws; left out, the choice made before stands.
     */
    order_messages: z
      .object({
        whatsapp: z.boolean({ error: 'whatsapp must be true or false' }),
        sms: z.boolean({ error: 'sms must be true or false' }),
      })
      .strict()
      .optional(),
  })
  .strict();
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

/** What the checkout asks to price: the bag as it is, for an address, a shipping type and a way to pay. */
export const QuoteBody = z
  .object({
    /** One of the shopper's saved addresses; without one, shipping is quoted for India. */
    address: Id.optional(),
    shipping_type: ShippingType.default('standard'),
    payment_method: z.enum(PAYMENT_METHODS).default('ONLINE'),
    discount_code: DiscountCodeText.optional(),
    use_credit: z.boolean({ error: 'use_credit must be true or false' }).default(false),
  })
  .strict();
export type QuoteBody = z.input<typeof QuoteBody>;

export const QuotedLine = z.object({
  product_variant_id: z.number().int(),
  quantity: z.number().int(),
  unit_price: z.number(),
  /** The line's share of the code's discount. */
  discount: z.number(),
  /** What is paid for the line: quantity × unit price − discount. */
  amount: z.number(),
  gst_rate: z.number().int(),
});

/** Every amount in rupees: the one price of the bag, as the order would be placed now. */
export const Quote = z.object({
  lines: z.array(QuotedLine),
  subtotal: z.number(),
  /** Everything the code took off (the lines' discounts and any shipping it waived). */
  discount: z.number(),
  /** The code applied, as the shop writes it; null when none. */
  discount_code: z.string().nullable(),
  /** Why the code asked for was not applied, in words; null when it was, or none was asked. */
  code_refusal: z.object({ reason: z.enum(DISCOUNT_REFUSALS), message: z.string() }).nullable(),
  shipping: z.number(),
  /** The shipping rate a free-shipping code waived. */
  shipping_waived: z.number(),
  cod_fee: z.number(),
  total: z.number(),
  /** Store credit spent on it. */
  credit: z.number(),
  /** The account's store credit that may be spent now (0 for a guest). */
  credit_available: z.number().default(0),
  /** What is left to pay: online, or in cash at the door. */
  payable: z.number(),
  /** Cash on delivery's terms while the owner offers it (its fee, the order values it is for); null when off. */
  cod_offer: z.object({ fee: z.number(), min_order: z.number(), max_order: z.number() }).nullable().default(null),
});
export type Quote = z.infer<typeof Quote>;
export const QuoteResponse = z.object({ data: Quote });

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
  /** The line's share of the order's discount code. */
  discount: z.number().default(0),
  /** What was paid for the line: quantity × price − discount. */
  amount: z.number().default(0),
  /** Pieces of the line the shop has taken back (a piece is returned once). */
  returned: z.number().int().default(0),
  product_details: OrderLineProduct,
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** How much of an order has left the workshop, beside its status (docs/product.md 'Shipments'). */
export const FULFILMENTS = ['unshipped', 'partly_shipped', 'shipped'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  unshipped: 'Not shipped yet',
  partly_shipped: 'Partly shipped',
  shipped: 'All shipped',
};

/** A parcel handed to a carrier: some pieces of the order's lines and its tracking. */
export const Shipment = z.object({
  id: z.number().int(),
  created_at: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string(),
  pieces: z.array(
    z.object({
      line_id: z.number().int(),
      name: z.string(),
      size: z.string(),
      color: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
    }),
  ),
});
export type Shipment = z.infer<typeof Shipment>;

export const Order = z.object({
  id: z.number().int(),
  status: OrderStatus,
  status_label: z.string(),
  subtotal: z.number(),
  /** The shipping rate; `shipping_waived` of it was taken off by a free-shipping code. */
  shipping: z.number(),
  /** All the code took off (the lines' shares and any shipping waived). */
  discount: z.number().default(0),
  discount_code: z.string().nullable().default(null),
  shipping_waived: z.number().default(0),
  cod_fee: z.number().default(0),
  /** subtotal − discount + shipping + COD fee. */
  total: z.number(),
  /** Store credit spent on it (a way to pay: the total and its tax are unchanged). */
  credit: z.number().default(0),
  /** total − credit: what is paid online, or in cash at the door. */
  payable: z.number(),
  /** An exchange's replacement: the order whose returned pieces it replaces (docs/product.md 'Exchanges'). */
  exchange_of: z.number().int().nullable().default(null),
  /** The replacements sent for pieces of this order returned in exchange. */
  exchanges: z.array(z.number().int()).default([]),
  shipping_type: ShippingType,
  payment_method: z.string(),
  /** How it is paid, in words ('Cash on delivery'). */
  payment_method_label: z.string().default(''),
  /** A cash-on-delivery order's confirmation; null when paid online. */
  cod_confirmation: z.enum(COD_CONFIRMATIONS).nullable().default(null),
  payment_id: z.string().nullable(),
  payment_status: z.enum(['Paid', 'Unpaid']),
  /** Paid, partly refunded or refunded, with the amounts (beside the status). */
  money: OrderMoney,
  invoice_url: z.string().nullable(),
  /** The credit note of what has been paid back (a signed link, like the invoice's). */
  credit_note_url: z.string().nullable().default(null),
  /** The newest parcel's tracking; `shipments` lists every parcel. */
  tracking_url: z.string().nullable(),
  shipments: z.array(Shipment).default([]),
  fulfilment: z.enum(FULFILMENTS).default('unshipped'),
  fulfilment_label: z.string().default(''),
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
  /** The shopper may enter (or ask again for) the code that confirms a cash-on-delivery order. */
  can_confirm_cod: z.boolean().default(false),
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
