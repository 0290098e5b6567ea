import { z } from 'zod';
import { Id, IdParam } from './common';

/** A colour shows at most this many pictures (a variant's image1..image3). */
export const PICTURES_PER_COLOUR = 3;
export const TOO_MANY_PICTURES = 'A colour shows at most 3 pictures';
/** The picture a variant shows until the owner adds one (migration 0009). */
export const NO_PICTURE_KEY = 'no-picture';

export const ColourPicture = z.object({ key: z.string(), url: z.string(), alt: z.string() });
export type ColourPicture = z.infer<typeof ColourPicture>;

/** GET /admin/products/:id/pictures: per active colour, its pictures in order (none while it shows 'no-picture'). */
export const ProductPictures = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), version: z.number().int() }),
  colours: z.array(
    z.object({
      color_id: z.number().int(),
      name: z.string(),
      hex: z.string(),
      variants: z.number().int(),
      pictures: z.array(ColourPicture),
    }),
  ),
});
export type ProductPictures = z.infer<typeof ProductPictures>;

export const ProductColourParams = z.object({ id: IdParam, colorId: IdParam }).strict();

/** PUT /admin/products/:id/pictures/:colorId: the colour's whole list, in order (empty: back to 'no-picture'). */
export const ColourPicturesBody = z
  .object({
    /** The product's version the form started from: 409 when it moved on. */
    version: Id,
    pictures: z
      .array(
        z
          .object({
            key: z.string().trim().min(1, 'key is required').max(200),
            alt: z.string().trim().max(300, 'alt text is at most 300 characters').default(''),
          })
          .strict(),
      )
      .max(PICTURES_PER_COLOUR, TOO_MANY_PICTURES),
  })
  .strict();
export type ColourPicturesBody = z.input<typeof ColourPicturesBody>;
