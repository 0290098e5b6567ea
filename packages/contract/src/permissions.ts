/**
 * The back office's roles and permission table, zod-free: the endpoint table's
 * zod-free routes (endpoint-routes.ts, part of `@shop/contract/lite`) name each
 * admin call's permission from here. admin.ts adds the schemas and `can`.
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
  'activity.read': OWNER,
  'dashboard.read': SHOP,
  'catalog.write': OWNER,
  'settings.write': OWNER,
  // Products (issue #14): staff may look at the catalogue, only the owner changes it.
  'catalog.read': SHOP,
  // Back office part 2, stock and settings: staff see the stock grid; settings are the owner's.
  'stock.read': SHOP,
  'settings.read': OWNER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof ADMIN_PERMISSIONS;
export const PERMISSIONS = Object.keys(ADMIN_PERMISSIONS) as Permission[];
