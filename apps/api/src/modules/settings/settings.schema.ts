import { pgTable, text } from 'drizzle-orm/pg-core';

/** Shop-wide values kept in the database, such as the signing secret for links. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
