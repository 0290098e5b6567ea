import { z } from 'zod';
import { Id, Rupees } from './common';
import { RefundToField, RequestKey } from './admin-returns';
import { COD_CONFIRMATIONS, FULFILMENTS, OrderMoney, OrderStatus, PAYMENT_METHODS, Shipment } from './orders';
import { ShippingType } from './shipping';

/** The carriers the back office offers when shipping (docs/back-office.md); `other` takes an https URL. */
export const CARRIERS = [
  { key: 'indiapost', label: 'India Post' },
  { key: 'delhivery', label: 'Delhivery' },
  { key: 'bluedart', label: 'Blue Dart' },
  { key: 'dtdc', label: 'DTDC' },
  { key: 'ekart', label: 'Ekart' },
  { key: 'xpressbees', label: 'Xpressbees' },
  { key: 'shadowfax', label: 'Shadowfax' },
  { key: 'dhl', label: 'DHL' },
  { key: 'fedex', label: 'FedEx' },
  { key: 'ups', label: 'UPS' },
  { key: 'aramex', label: 'Aramex' },
  { key: 'other', label: 'Other (type the tracking URL)' },
] as const;
export type CarrierKey = (typeof CARRIERS)[number]['key'];
export const Carrier = z.enum(CARRIERS.map((c) => c.key) as [CarrierKey, ...CarrierKey[]], {
  error: 'Choose a carrier from the list',
});

const Note = z.string().trim().max(500, 'note must be at most 500 characters');
export const ShipBody = z
  .object({
    carrier: Carrier,
    tracking_number: z.string().trim().max(40, 'tracking number must be at most 40 characters').default(''),
    tracking_url: z.string().trim().max(500, 'tracking URL must be at most 500 characters').default(''),
    note: Note.default(''),
  })
  .strict();
export type ShipBody = z.infer<typeof ShipBody>;

/**
 * A parcel of some pieces of an order (docs/back-office.md 'Shipments'): the lines and how many of
 * each, with the carrier's tracking. The last pieces left take the order to shipped.
 */
export const ShipmentBody = ShipBody.extend({
  lines: z
    .array(
      z
        .object({
          line_id: Id,
          quantity: z
            .number({ error: 'quantity must be a whole number' })
            .int('quantity must be a whole number')
            .min(1, 'Ship at least 1 piece of a line, or leave the line out'),
        })
        .strict(),
    )
    .min(1, 'Choose at least one piece to ship')
    .max(100, 'at most 100 lines in a shipment'),
  request_key: RequestKey.optional(),
}).strict();
export type ShipmentBody = z.infer<typeof ShipmentBody>;
export const ShipmentParams = z
  .object({ id: z.coerce.number().pipe(Id), shipment: z.coerce.number().pipe(Id) })
  .strict();

export const MoveBody = z.object({ note: Note.default('') }).strict();
export type MoveBody = z.infer<typeof MoveBody>;

export const NoteBody = z.object({ note: Note.min(1, 'note is required') }).strict();
export type NoteBody = z.infer<typeof NoteBody>;

/** The shop's moves an order page may offer, each with its own permission. */
export const ORDER_MOVE_KEYS = ['ship', 'deliver', 'cancel_unpaid', 'cancel_paid', 'return_to_origin'] as const;
export type OrderMoveKey = (typeof ORDER_MOVE_KEYS)[number];

export const PAYMENT_FILTERS = ['paid', 'unpaid', 'refund'] as const;

export const DateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'not a date');
const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const AdminOrderQuery = z
  .object({
    status: z.preprocess(blankIsAbsent, OrderStatus.optional()),
    q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()),
    from: z.preprocess(blankIsAbsent, DateParam.optional()),
    to: z.preprocess(blankIsAbsent, DateParam.optional()),
    payment: z.preprocess(blankIsAbsent, z.enum(PAYMENT_FILTERS).optional()),
    /** How the order is paid: online, or cash on delivery. */
    method: z.preprocess(blankIsAbsent, z.enum(PAYMENT_METHODS).optional()),
    shipping_type: z.preprocess(blankIsAbsent, ShippingType.optional()),
    country: z.preprocess(blankIsAbsent, z.string().trim().max(60).optional()),
    /** Orders placed by a guest (no account), or from an account. */
    buyer: z.preprocess(blankIsAbsent, z.enum(['guest', 'account']).optional()),
    sort: z.preprocess(blankIsAbsent, z.enum(['newest', 'oldest']).default('newest')),
    /** The last row of the previous page (keyset paging: as fast on page 4,000 as on page 1). */
    after: z.preprocess(blankIsAbsent, z.string().max(80).optional()),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type AdminOrderQuery = z.infer<typeof AdminOrderQuery>;

export const AdminOrderRow = z.object({
  id: z.number().int(),
  status: OrderStatus,
  status_label: z.string(),
  created_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  country: z.string(),
  total: z.number(),
  shipping_type: ShippingType,
  payment_id: z.string().nullable(),
  paid: z.boolean(),
  /** Placed without an account: the shop reaches the buyer by the order's email and phone only. */
  guest: z.boolean().default(false),
  payment_method: z.enum(PAYMENT_METHODS).default('ONLINE'),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderList = z.object({
  data: z.array(AdminOrderRow),
  /** Orders per status over the whole shop (the tabs). */
  counts: z.record(z.string(), z.number().int()),
  next_after: z.string().nullable(),
});
export type AdminOrderList = z.infer<typeof AdminOrderList>;

export const AdminOrderDetail = AdminOrderRow.extend({
  /** Store credit spent on it, and what is paid online or at the door (docs/product.md 'Store credit'). */
  credit: z.number().default(0),
  payable: z.number().default(0),
  /** An exchange's replacement names the order it replaces; an order names its replacements (docs/product.md 'Exchanges'). */
  exchange_of: z.number().int().nullable().default(null),
  exchanges: z.array(z.number().int()).default([]),
  subtotal: z.number(),
  shipping: z.number(),
  /** All a discount code took off, the code, and the shipping it waived. */
  discount: z.number().default(0),
  discount_code: z.string().nullable().default(null),
  shipping_waived: z.number().default(0),
  address: z.object({
    address: z.string(),
    locality: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    country: z.string(),
  }),
  shopper: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  lines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      /** The line's share of the discount. */
      discount: z.number().default(0),
      /** Pieces taken back by accepted returns. */
      returned: z.number().int().default(0),
      /** Pieces already in a shipment. */
      shipped: z.number().int().default(0),
      image: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      from: z.string().nullable(),
      to: z.string(),
      /** Who acted, as stored: 'shopper:12', 'admin:3', 'provider:webhook', 'clock'. */
      actor: z.string(),
      /** The same in words for the page: 'The shopper (Asha Rao)', 'Priya (admin)', 'Razorpay (payment notice)'. */
      actor_label: z.string(),
      note: z.string(),
      created_at: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string().nullable(),
      amount: z.number(),
      status: z.string(),
      method: z.string().nullable(),
      error: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string().nullable(),
      amount: z.number(),
      status: z.string(),
      reason: z.string(),
      error: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** Paid, partly refunded or refunded, with the amounts. */
  money: OrderMoney,
  /** The caller may give back an amount outside a return now (admins; something left of the payment). */
  can_refund: z.boolean().default(false),
  invoice_url: z.string().nullable(),
  tracking_url: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** Every parcel handed to a carrier, and how much of the order they hold. */
  shipments: z.array(Shipment).default([]),
  fulfilment: z.enum(FULFILMENTS).default('unshipped'),
  fulfilment_label: z.string().default(''),
  /** The shop's moves the lifecycle allows from this status to the caller's role. */
  moves: z.array(z.enum(ORDER_MOVE_KEYS)),
  /** Cash on delivery: its confirmation, its fee, the cash's remittance and the phone's parcels refused before. */
  cod: z
    .object({
      confirmation: z.enum(COD_CONFIRMATIONS),
      fee: z.number(),
      refused_parcels: z.number().int(),
      remitted_at: z.string().nullable(),
      remittance: z.string().nullable(),
      can_record_remittance: z.boolean(),
    })
    .nullable()
    .default(null),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** A courier's remittance of the cash it collected for many delivered COD orders, with its reference (a UTR). */
export const CodRemittanceBody = z
  .object({
    ids: z.array(Id).min(1, 'Choose at least one order').max(200, 'At most 200 orders at once'),
    reference: z
      .string({ error: 'reference is required' })
      .trim()
      .min(1, 'reference is required (the UTR or the courier’s remittance number)')
      .max(60, 'reference must be at most 60 characters'),
  })
  .strict();
export type CodRemittanceBody = z.infer<typeof CodRemittanceBody>;
export const CodRemittanceResponse = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string() })),
});
export type CodRemittanceResponse = z.infer<typeof CodRemittanceResponse>;

export const AdminOrderIdParams = z.object({ id: z.coerce.number().pipe(Id) }).strict();

/** `repeated`: the order had already made this move (a second click): nothing was done twice. */
/**
 * A goodwill refund (docs/product.md 'After the sale'): an amount given back outside a return,
 * up to what is left of the payment, with the reason the shopper is mailed.
 */
export const GoodwillRefundBody = z
  .object({
    amount: Rupees('amount'),
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(3, 'reason is required (the shopper is mailed it)')
      .max(500, 'reason must be at most 500 characters'),
    refund_to: RefundToField,
    request_key: RequestKey,
  })
  .strict();
export type GoodwillRefundBody = z.infer<typeof GoodwillRefundBody>;

export const MoveResponse = z.object({ message: z.string(), order: AdminOrderDetail, repeated: z.boolean() });
export type MoveResponse = z.infer<typeof MoveResponse>;

export const DashboardPeriod = z.object({
  /** Paid in the period, less what has been refunded of those orders (rupees). */
  revenue: z.number(),
  orders: z.number().int(),
  average_order_value: z.number(),
});

export const Dashboard = z.object({
  today: DashboardPeriod,
  last_7_days: DashboardPeriod,
  last_30_days: DashboardPeriod,
  /** One point per day of the last 30 (Indian dates), oldest first. */
  revenue_per_day: z.array(z.object({ date: z.string(), revenue: z.number() })),
  waiting: z.object({
    to_pack: z.number().int(),
    to_pack_late: z.number().int(),
    shipped_not_delivered: z.number().int(),
    returns_requested: z.number().int(),
    enquiries: z.number().int(),
    unpaid_expiring: z.number().int(),
  }),
  /** The settings the figures used. */
  shipped_days: z.number().int(),
  low_stock_threshold: z.number().int(),
  top_products: z.array(z.object({ name: z.string(), quantity: z.number().int(), revenue: z.number() })),
  low_stock: z.array(
    z.object({
      variant_id: z.number().int(),
      name: z.string(),
      sku: z.string(),
      size: z.string(),
      stock: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** Orders for packing slips or labels, and bulk shipping: a comma-separated list of ids (at most 100). */
export const SlipQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'ids must be order ids separated by commas (at most 100)')
      .transform((s) => s.split(',').map(Number)),
    kind: z.enum(['slip', 'label']).default('slip'),
  })
  .strict();

export const BulkShipBody = z
  .object({
    orders: z
      .array(
        z
          .object({
            id: Id,
            carrier: Carrier,
            tracking_number: z.string().trim().max(40).default(''),
            tracking_url: z.string().trim().max(500).default(''),
          })
          .strict(),
      )
      .min(1, 'choose at least one order')
      .max(100, 'at most 100 orders at once'),
  })
  .strict();
export type BulkShipBody = z.infer<typeof BulkShipBody>;

export const BulkShipResponse = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      ok: z.boolean(),
      repeated: z.boolean(),
      message: z.string(),
      tracking_url: z.string().nullable(),
    }),
  ),
});
export type BulkShipResponse = z.infer<typeof BulkShipResponse>;

export const LowStockBody = z
  .object({ threshold: z.coerce.number().int('threshold must be a whole number').min(0).max(1000) })
  .strict();
