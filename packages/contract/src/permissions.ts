/**
 * The back office's roles and permission table, zod-free: each admin call's
 * access (`StaffAccess`, endpoint-routes.ts, part of `@shop/contract/lite`)
 * names a permission from here. admin.ts adds the schemas and `can`.
 */
export const ROLES = ['customer', 'staff', 'admin'] as const;
/** The roles that may sign in to the back office. */
export type StaffRole = Exclude<(typeof ROLES)[number], 'customer'>;

const SHOP = ['staff', 'admin'] as const;
const OWNER = ['admin'] as const;

/**
 * This one table decides every `/api/v1/admin/*` call and every button the
 * admin pages show: both ask `can(role, permission)` (admin.ts).
 */
export const ADMIN_PERMISSIONS = {
  'orders.read': SHOP,
  'orders.ship': SHOP,
  'orders.deliver': SHOP,
  'orders.note': SHOP,
  'orders.slips': SHOP,
  'orders.cancel_unpaid': SHOP,
  /** A cash-on-delivery parcel refused at the door and back: stock back, nothing to refund. */
  'orders.return_to_origin': SHOP,
  /** Marking the cash a courier remitted for delivered COD orders: the owner's books. */
  'orders.cod_remittance': OWNER,
  /** The shop's cancel of a paid order: money goes back outside a return. */
  'orders.cancel_paid': OWNER,
  /** Accepting a return asks its refund: staff may (docs/product.md#back-office). */
  'returns.decide': SHOP,
  /** Refunds outside a return, and the queue of refunds that need a person. */
  'refunds.manage': OWNER,
  'enquiries.manage': SHOP,
  'customers.read': OWNER,
  'customers.disable': OWNER,
  'staff.manage': OWNER,
  'reports.read': OWNER,
  /** Previews of every mail the shop sends, with sample data. */
  'mails.preview': OWNER,
  /** The WhatsApp and SMS messages sent to shoppers, with those given up. */
  'messages.read': OWNER,
  'activity.read': OWNER,
  'dashboard.read': SHOP,
  'catalog.write': OWNER,
  'settings.write': OWNER,
  // Staff may look at the catalogue, only the owner changes it.
  'catalog.read': SHOP,
  // Staff see the stock grid; settings are the owner's.
  'stock.read': SHOP,
  'settings.read': OWNER,
  /** Discount codes: staff see them (a shopper asks about one), the owner makes and changes them. */
  'discounts.read': SHOP,
  'discounts.write': OWNER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof ADMIN_PERMISSIONS;
export const PERMISSIONS = Object.keys(ADMIN_PERMISSIONS) as Permission[];
