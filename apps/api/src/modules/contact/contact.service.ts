import { MESSAGES, type ContactBody, type User } from '@shop/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { contactEnquiries } from './contact.schema';
import { AppError, invalid, notFound } from '../../lib/errors';
import { ipKey } from '../../lib/rate-limit';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import { checkReturnLines, isShoppersOrder } from '../orders/orders.service';

/** Store credit is kept in an account: a guest's return is paid back the way it was paid. */
export const GUEST_NO_CREDIT = 'Store credit is kept in an account: as a guest, choose your money back';
/** An exchange carries the pieces' worth through store credit: an account's too. */
export const GUEST_NO_EXCHANGE = 'An exchange needs an account: as a guest, choose your money back';

/**
 * An enquiry from anyone; a return request (order_id) only from the order's
 * owner. Stored with its `enquiry.received` fact in one transaction, so the
 * shop's mail (effects.ts) exists exactly when the enquiry does.
 */
export async function sendEnquiry(work: UnitOfWork, sender: User | null, body: ContactBody): Promise<void> {
  const { app } = work;
  await app.limiter.consume(`contact-ip:${ipKey(work.ip ?? '')}`, app.env.RATE_LIMIT_CONTACTS_PER_IP);
  if (body.order_id !== undefined) {
    if (!sender) throw new AppError('unauthorized', MESSAGES.loginRequired);
    if (!(await isShoppersOrder(work.db, sender.id, body.order_id))) throw notFound(MESSAGES.orderNotFound);
    const problems = body.return_lines ? await checkReturnLines(work.db, body.order_id, body.return_lines) : [];
    if (body.return_wish === 'credit' && sender.guest) problems.push(GUEST_NO_CREDIT);
    if (body.return_wish === 'exchange' && sender.guest) problems.push(GUEST_NO_EXCHANGE);
    // An exchange names, for each piece, the size or colour wanted instead; nothing else does.
    const swaps = body.return_lines?.filter((l) => l.exchange_variant_id !== undefined).length ?? 0;
    if (body.return_wish === 'exchange' && (swaps === 0 || swaps !== body.return_lines?.length))
      problems.push('Choose the size or colour you would like for each piece');
    if (body.return_wish !== 'exchange' && swaps > 0) problems.push('A size or colour instead goes with an exchange');
    if (problems.length > 0) throw invalid(problems);
  }
  await work.transaction(async (w) => {
    const [stored] = await w.db
      .insert(contactEnquiries)
      .values({
        userId: sender?.id ?? null,
        orderId: body.order_id ?? null,
        name: body.name,
        email: body.email,
        phone: body.phone ?? '',
        message: body.message,
        returnLines:
          body.return_lines?.map((l) => ({
            lineId: l.line_id,
            quantity: l.quantity,
            ...(l.exchange_variant_id === undefined ? {} : { exchangeVariantId: l.exchange_variant_id }),
          })) ?? null,
        returnReason: body.return_reason ?? null,
        returnWish: body.return_wish ?? null,
      })
      .returning({ id: contactEnquiries.id });
    await w.emit('enquiry.received', { enquiryId: stored!.id });
  });
}

/**
 * The outbox's step for a new enquiry or return request: a mail to the
 * shop's own address (SHOP_EMAIL), so nothing waits unseen; queued once per
 * outbox row. Replying to it answers the shopper.
 */
export async function mailShopAboutEnquiry(work: UnitOfWork, enquiryId: number, jobId: number): Promise<void> {
  const [e] = await work.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, enquiryId));
  if (!e) return;
  const mail = renderMail(
    mailShop(work.app.env),
    work.app.env.SHOP_EMAIL,
    mailMessage('shop_new_enquiry', {
      orderId: e.orderId,
      name: e.name,
      email: e.email,
      phone: e.phone,
      message: e.message,
    }),
  );
  await queueMail(work, mail, { key: `outbox:${jobId}` });
}

/** The shopper's enquiries and return requests, for their data download. */
export async function enquiriesOf(db: DbOrTx, userId: number) {
  const list = await db
    .select()
    .from(contactEnquiries)
    .where(eq(contactEnquiries.userId, userId))
    .orderBy(asc(contactEnquiries.id));
  return list.map((e) => ({
    id: e.id,
    order_id: e.orderId,
    name: e.name,
    email: e.email,
    phone: e.phone,
    message: e.message,
    created_at: e.createdAt.toISOString(),
  }));
}

/**
 * An account being deleted: its enquiries go, except return requests, which
 * belong with their order's record (kept by law, docs/security.md); those
 * lose the sender's contact details and the link to the account.
 */
export async function forgetEnquiries(db: DbOrTx, userId: number, tombstone: string): Promise<void> {
  await db.delete(contactEnquiries).where(and(eq(contactEnquiries.userId, userId), isNull(contactEnquiries.orderId)));
  await db
    .update(contactEnquiries)
    .set({ userId: null, name: '', email: tombstone, phone: '' })
    .where(eq(contactEnquiries.userId, userId));
}
