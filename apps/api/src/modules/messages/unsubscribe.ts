import { createHmac } from 'node:crypto';
import { MESSAGES, type UnsubscribeParams } from '@shop/contract';
import type { AppContext, UnitOfWork } from '../../context';
import { AppError } from '../../lib/errors';
import { safeEqual } from '../../lib/safe-equal';
import { recordConsent } from './consent.service';

/**
 * A marketing mail's way out (docs/product.md 'Messages to shoppers'): a link
 * signed for its account, which withdraws that account's consent to marketing
 * by email at once, recorded with the source 'link'. The link needs no
 * sign-in, so it names the account and carries the shop's signature of it.
 */
const tokenOf = (secret: string, userId: number) =>
  createHmac('sha256', secret).update(`unsubscribe:email:marketing:${userId}`).digest('base64url');

/**
 * The page the mail links to (it asks for one press: a mail scanner's visit
 * unsubscribes no one) and the address a mail app posts to for RFC 8058's
 * one-click unsubscribe (`List-Unsubscribe` and `List-Unsubscribe-Post`).
 */
export function unsubscribeLinks(app: AppContext, userId: number) {
  const token = tokenOf(app.secret, userId);
  return {
    page: `/unsubscribe/${userId}/${token}`,
    oneClick: new URL(`/api/v1/messages/unsubscribe/${userId}/${token}`, app.env.PUBLIC_URL).toString(),
  };
}

/** The headers of a marketing mail: a mail app shows its own 'Unsubscribe' and posts to the link. */
export function unsubscribeHeaders(app: AppContext, userId: number): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeLinks(app, userId).oneClick}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The link followed: a forged or altered one changes nothing; a true one withdraws (again: no harm). */
export async function unsubscribeByLink(work: UnitOfWork, link: UnsubscribeParams): Promise<string> {
  if (!safeEqual(link.token, tokenOf(work.app.secret, link.user))) {
    throw new AppError('forbidden', MESSAGES.unsubscribeLinkInvalid);
  }
  await work.transaction((w) =>
    recordConsent(w.db, link.user, { channel: 'email', purpose: 'marketing', granted: false, source: 'link' }),
  );
  return MESSAGES.unsubscribed;
}
