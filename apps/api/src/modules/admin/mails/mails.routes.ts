import { ENDPOINTS, type MailPreviews } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { MAILS, mailMessage, type MailKey } from '../../mail/templates/catalogue';
import { mailShop, renderMail } from '../../mail/templates/render';

const SAMPLE_TO = 'ananya@example.com';

/** Every mail the shop sends, rendered with its sample data as the shopper would get it (HTML and text). */
export function mailPreviews(ctx: AppContext): MailPreviews {
  const shop = mailShop(ctx.env);
  return {
    data: (Object.keys(MAILS) as MailKey[]).map((key) => {
      const sample = { ...MAILS[key].sample, ...('shopName' in MAILS[key].sample ? { shopName: shop.name } : {}) };
      const mail = renderMail(shop, SAMPLE_TO, mailMessage(key, sample as never));
      return { key, title: MAILS[key].title, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text };
    }),
  };
}

export function adminMailRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.mails.previews'], {}, () => mailPreviews(ctx));
}
