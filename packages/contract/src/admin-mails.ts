import { z } from 'zod';

/** One of the shop's mails rendered with sample data, for /admin/mails (docs/back-office.md 'Mails'). */
export const MailPreview = z.object({
  key: z.string(),
  title: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailPreview = z.infer<typeof MailPreview>;

export const MailPreviews = z.object({ data: z.array(MailPreview) });
export type MailPreviews = z.infer<typeof MailPreviews>;
