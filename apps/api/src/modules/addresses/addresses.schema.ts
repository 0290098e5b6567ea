import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/** A shopper's saved delivery addresses (docs/product.md#addresses). */
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
