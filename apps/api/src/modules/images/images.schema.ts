import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Every picture the shop serves: the original file (`data`: a photo, or a
 * drawing of the demo catalogue as SVG); derived widths are rendered on demand
 * and cached on disk. `art` is only set in databases seeded before drawings
 * were stored: how to draw the picture, which start-up turns into `data`.
 */
export const images = pgTable(
  'images',
  {
    key: text('key').primaryKey(),
    data: text('data'), // base64 of the original upload
    mime: text('mime'),
    art: jsonb('art').$type<Record<string, unknown>>(), // see above; start-up empties it
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('images_source', sql`(${t.data} is not null) <> (${t.art} is not null)`)],
);
