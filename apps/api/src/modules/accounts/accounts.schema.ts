import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
/**
 * A buyer is an account (email and password) or a guest: a row with no
 * password, proven only by its session cookie and the links mailed to it,
 * whose email is what the guest typed at checkout (docs/product.md 'Buying as a guest').
 */
export const USER_KINDS = ['account', 'guest'] as const;
/** A shopper's storefront session, or a back-office one (docs/decisions/0009): neither opens the other. */
export const SESSION_KINDS = ['shop', 'admin'] as const;

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: USER_KINDS }).notNull().default('account'),
    /** Trimmed and lower-cased before it is stored; one account per email, any number of guests. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** '' for a guest: no password opens it. */
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
    check('users_kind', sql`${t.kind} in ('account', 'guest') and (${t.kind} = 'account' or ${t.role} = 'customer')`),
    uniqueIndex('users_account_email_uq')
      .on(t.email)
      .where(sql`${t.kind} = 'account'`),
    // A guest's orders found again by email (the order-status page, an account proving the email).
    index('users_guest_email_idx')
      .on(t.email)
      .where(sql`${t.kind} = 'guest'`),
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

/**
 * A password reset, a new email's confirmation, a staff invitation's link
 * (modules/admin/staff), or the proof that an account's email is the one its
 * guest orders were placed with.
 */
export const OTP_PURPOSES = ['password_reset', 'email_change', 'staff_invite', 'guest_orders'] as const;

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
    /**
     * For `staff_invite`: the role the link grants when it is used (never before: the account
     * may be a stranger's who registered the address first).
     */
    grantsRole: text('grants_role', { enum: ['staff', 'admin'] }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_codes_user_idx').on(t.userId, t.purpose),
    check('one_time_codes_attempts', sql`${t.attempts} >= 0`),
    check('one_time_codes_grants_role', sql`${t.grantsRole} in ('staff', 'admin')`),
  ],
);
