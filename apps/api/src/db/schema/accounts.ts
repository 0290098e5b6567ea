import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productVariants, products } from './catalog';
import { createdAt, updatedAt } from './columns';

export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
/** A shopper's storefront session, or a back-office one (docs/decisions/0009): neither opens the other. */
export const SESSION_KINDS = ['shop', 'admin'] as const;

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Trimmed and lower-cased before it is stored. */
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('customer'),
    /** The shopper deleted the account: personal data removed, the email a tombstone (docs/security.md). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set: sign-in is refused and every session was revoked when it was set. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role', sql`${t.role} in ('customer', 'staff', 'admin')`),
    index('users_staff_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'customer'`),
  ],
);

/** Session tokens are random; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('shop'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), check('sessions_kind', sql`${t.kind} in ('shop', 'admin')`)],
);

/** A password reset, a new email's confirmation, or a staff invitation's link (modules/admin/staff). */
export const OTP_PURPOSES = ['password_reset', 'email_change', 'staff_invite'] as const;

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    /** For `email_change`: the address the code was sent to, which it confirms. */
    newEmail: text('new_email'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose),
    check('one_time_codes_attempts', sql`${t.attempts} >= 0`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who receives the parcel (printed on labels and invoices); the account's name unless given. */
    recipientName: text('recipient_name').notNull().default(''),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    locality: text('locality').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    /** By name, as the country list shows it ('India', 'Canada'). */
    country: text('country').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('product_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_variant_uq').on(t.userId, t.variantId),
    check('cart_lines_quantity_pos', sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('product_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_items_user_variant_uq').on(t.userId, t.variantId)],
);
