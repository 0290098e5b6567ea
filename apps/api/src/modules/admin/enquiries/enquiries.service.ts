import type { EnquiryResponse, EnquiryStatus, ReplyBody } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { contactEnquiries, enquiryReplies } from '../../contact/contact.schema';
import { notFound } from '../../../lib/errors';
import { queueMail } from '../../mail/mail.service';
import { mailMessage } from '../../mail/templates/catalogue';
import { mailShop, renderMail } from '../../mail/templates/render';
import { audit } from '../../audit/audit.service';
import { enquiryDetail } from './enquiries.query';

async function lockEnquiry(work: UnitOfWork, id: number) {
  const [row] = await work.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id)).for('update');
  if (!row) throw notFound('Enquiry not found');
  return row;
}

/**
 * Answers an enquiry by mail (docs/back-office.md): the reply kept with it,
 * the mail written to the outbox in the same transaction (the enquiry_reply mail, sent
 * with retries), the enquiry answered (or closed), audited. The page's
 * request key makes a double click write one reply and one mail.
 */
export async function replyToEnquiry(work: UnitOfWork, id: number, body: ReplyBody): Promise<EnquiryResponse> {
  const repeated = await work.transaction(async (w) => {
    const enquiry = await lockEnquiry(w, id);
    const [reply] = await w.db
      .insert(enquiryReplies)
      .values({
        enquiryId: id,
        authorUserId: 'userId' in w.actor ? w.actor.userId : null,
        body: body.message,
        requestKey: body.request_key,
      })
      .onConflictDoNothing({ target: enquiryReplies.requestKey })
      .returning({ id: enquiryReplies.id });
    if (!reply) return true;
    const mail = renderMail(
      mailShop(w.app.env),
      enquiry.email,
      mailMessage('enquiry_reply', {
        name: enquiry.name,
        shopName: w.app.env.SHOP_NAME,
        orderId: enquiry.orderId,
        reply: body.message,
        original: enquiry.message,
      }),
    );
    await queueMail(w, mail, { key: `enquiry-reply:${reply.id}` });
    const status: EnquiryStatus = body.close ? 'closed' : 'answered';
    await w.db
      .update(contactEnquiries)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(contactEnquiries.id, id));
    await audit(w, {
      action: 'enquiry.reply',
      entityType: 'enquiry',
      entityId: id,
      before: { status: enquiry.status },
      after: { status, reply: reply.id },
      note: body.message.slice(0, 500),
    });
    return false;
  });
  return {
    message: repeated ? 'This reply was already sent' : 'Reply sent to the shopper by mail',
    repeated,
    enquiry: await enquiryDetail(work.db, id),
  };
}

/** Moves an enquiry between new, answered and closed; audited; the same status again changes nothing. */
export async function setEnquiryStatus(work: UnitOfWork, id: number, status: EnquiryStatus): Promise<EnquiryResponse> {
  const repeated = await work.transaction(async (w) => {
    const enquiry = await lockEnquiry(w, id);
    if (enquiry.status === status) return true;
    await w.db
      .update(contactEnquiries)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(contactEnquiries.id, id));
    await audit(w, {
      action: 'enquiry.status',
      entityType: 'enquiry',
      entityId: id,
      before: { status: enquiry.status },
      after: { status },
    });
    return false;
  });
  return {
    message: repeated ? `The enquiry was already ${status}` : `Enquiry marked ${status}`,
    repeated,
    enquiry: await enquiryDetail(work.db, id),
  };
}
