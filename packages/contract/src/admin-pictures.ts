import { z } from 'zod';

/** An uploaded picture (POST /api/v1/admin/pictures): its key serves it at /images/{width}/{key}.webp. */
export const UploadedPicture = z.object({
  key: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type UploadedPicture = z.infer<typeof UploadedPicture>;

export const PictureUploadQuery = z.object({ alt: z.string().max(300).optional() }).strict();
