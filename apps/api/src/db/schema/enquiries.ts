import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { contactEnquiries } from './orders';

/** The shop's mailed answers to an enquiry, kept with it (docs/back-office.md). */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => contactEnquiries.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Makes a double click write one reply (and one mail). */
    requestKey: text('request_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.id)],
);
