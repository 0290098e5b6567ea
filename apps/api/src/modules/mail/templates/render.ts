import type { Env } from '../../../env';
import type { Mail } from '../mail.service';
import type { MailMessage, MailShop } from './blocks';
import { renderHtml } from './layout';
import { renderText } from './text';

export const mailShop = (env: Pick<Env, 'SHOP_NAME' | 'PUBLIC_URL'>): MailShop => ({
  name: env.SHOP_NAME,
  publicUrl: env.PUBLIC_URL,
});

/** A mail of the shop to `to`: its HTML and its plain text made from the same blocks. */
export const renderMail = (shop: MailShop, to: string, message: MailMessage): Mail => ({
  to,
  subject: message.subject,
  text: renderText(shop, message),
  html: renderHtml(shop, message),
});
