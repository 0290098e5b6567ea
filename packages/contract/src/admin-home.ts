import { z } from 'zod';

/** A banner's link: a path of the shop ('/shop', not '//elsewhere') or an https:// address. */
export const BannerLink = z
  .string()
  .trim()
  .min(1, 'link is required')
  .max(500, 'link is too long')
  .refine(
    (link) => {
      if (link.startsWith('/')) return !link.startsWith('//') && !link.startsWith('/\\') && !/\s/.test(link);
      try {
        const url = new URL(link);
        return url.protocol === 'https:' && link.toLowerCase().startsWith('https://') && !!url.hostname;
      } catch {
        return false;
      }
    },
    { message: "link must be a path of the shop starting with '/' or an https:// address" },
  );

const PictureKey = z.string().trim().min(1).max(300);
const Moment = z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable();

export const BannerBody = z
  .object({
    large_image: PictureKey,
    mobile_image: PictureKey,
    title: z.string().trim().max(120, 'heading is too long'),
    subtitle: z.string().trim().max(300, 'text is too long'),
    cta: z.string().trim().max(40, 'button label is too long'),
    link: BannerLink,
    starts_at: Moment,
    ends_at: Moment,
    is_active: z.boolean(),
  })
  .strict()
  .refine((b) => !b.starts_at || !b.ends_at || new Date(b.starts_at) < new Date(b.ends_at), {
    message: 'the end must come after the start',
    path: ['ends_at'],
  });
export type BannerBody = z.infer<typeof BannerBody>;

export const AdminBanner = z.object({
  id: z.number().int(),
  large_image: z.string(),
  mobile_image: z.string(),
  large_image_url: z.string(),
  mobile_image_url: z.string(),
  title: z.string(),
  subtitle: z.string(),
  cta: z.string(),
  link: z.string(),
  position: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  is_active: z.boolean(),
  /** Shown on the storefront now: on, and within its dates. */
  live: z.boolean(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;

export const HOME_PICK_SECTIONS = ['home_slider', 'celebrity_closet'] as const;
export type HomePickSection = (typeof HOME_PICK_SECTIONS)[number];

export const HomePick = z.object({
  product_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  published: z.boolean(),
});
export type HomePick = z.infer<typeof HomePick>;

export const FocusedPick = z.object({
  collection_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  content: z.string(),
});
export type FocusedPick = z.infer<typeof FocusedPick>;

export const AdminHome = z.object({
  banners: z.array(AdminBanner),
  announcement: z.string(),
  sections: z.object({
    home_slider: z.array(HomePick),
    celebrity_closet: z.array(HomePick),
    focused_collection: z.array(FocusedPick),
  }),
  collections: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
});
export type AdminHome = z.infer<typeof AdminHome>;

export const AnnouncementBody = z
  .object({ text: z.string().trim().max(200, 'the announcement is at most 200 characters') })
  .strict();

export const BannerMoveBody = z.object({ direction: z.enum(['up', 'down']) }).strict();

export const PicksBody = z
  .object({ product_ids: z.array(z.number().int().positive()).max(24, 'at most 24 picks per section') })
  .strict()
  .refine((b) => new Set(b.product_ids).size === b.product_ids.length, {
    message: 'a product is picked twice',
    path: ['product_ids'],
  });

export const FocusedBody = z
  .object({
    items: z
      .array(z.object({ collection_id: z.number().int().positive(), content: z.string().trim().max(500) }).strict())
      .max(6),
  })
  .strict();

export const PickSearchQuery = z.object({ q: z.string().trim().min(1).max(100) }).strict();
export const PickSearchResult = z.object({ data: z.array(HomePick) });

/** The storefront's announcement bar; empty: no bar. */
export const Announcement = z.object({ text: z.string() });
export type Announcement = z.infer<typeof Announcement>;
