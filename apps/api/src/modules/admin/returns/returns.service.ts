import { toPaise, type AcceptReturnBody, type RejectReturnBody, type ReturnDecisionResponse } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { contactEnquiries } from '../../contact/contact.schema';
import { AppError, notFound } from '../../../lib/errors';
import { fireOrderEvent, settleIfCredited } from '../../orders/lifecycle/fire';
import { returnWindowOf } from '../../orders/lifecycle/return-window';
import { audit } from '../../audit/audit.service';
import { returnDetail } from './returns.query';

type Enquiry = typeof contactEnquiries.$inferSelect;

/** The return request, its row locked until the decision's transaction ends: two decisions queue. */
async function lockRequest(work: UnitOfWork, enquiryId: number): Promise<Enquiry & { orderId: number }> {
  const [row] = await work.db.select().from(contactEnquiries).where(eq(contactEnquiries.id, enquiryId)).for('update');
  if (!row || row.orderId === null) throw notFound('Return request not found');
  return row as Enquiry & { orderId: number };
}

async function decided(work: UnitOfWork, enquiryId: number, decision: 'accepted' | 'rejected') {
  await work.db
    .update(contactEnquiries)
    .set({
      returnDecision: decision,
      status: sql`case when ${contactEnquiries.status} = 'new' then 'answered' else ${contactEnquiries.status} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(contactEnquiries.id, enquiryId));
}

/**
 * Accepts a return request (docs/back-office.md): within RETURN_WINDOW_DAYS of
 * delivery, or later by an admin with a note; then the lifecycle's
 * `accept_return` (refund recorded and asked of the provider through the
 * outbox, stock back when asked, the shopper mailed), the request marked
 * accepted and the audit entry, in one transaction. A second submit finds the
 * request accepted and does nothing twice.
 */
export async function acceptReturn(
  work: UnitOfWork,
  enquiryId: number,
  body: AcceptReturnBody,
): Promise<ReturnDecisionResponse> {
  const { repeated, cod } = await work.transaction(async (w) => {
    const request = await lockRequest(w, enquiryId);
    if (request.returnDecision === 'accepted') return { repeated: true, cod: false };
    if (request.returnDecision === 'rejected') throw new AppError('conflict', 'This return has already been rejected');
    // After its window, the lifecycle refuses the return unless an admin overrides it with a note.
    const accepted = await fireOrderEvent(w, request.orderId, {
      type: 'accept_return',
      lines: body.lines.length > 0 ? body.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })) : undefined,
      amountPaise: body.amount === undefined ? undefined : toPaise(body.amount),
      restock: body.restock,
      note: body.note || undefined,
      idempotencyKey: `enquiry-${enquiryId}`,
      overrideWindow: body.override_window,
      refundTo: body.refund_to,
    });
    const { order, from } = await settleIfCredited(w, accepted);
    const { within } = await returnWindowOf(w, request.orderId);
    await decided(w, enquiryId, 'accepted');
    await audit(w, {
      action: 'return.accept',
      entityType: 'order',
      entityId: request.orderId,
      before: { status: from },
      after: {
        status: order.status,
        enquiry: enquiryId,
        lines: body.lines,
        amount: body.amount ?? null,
        restock: body.restock,
        refund_to: body.refund_to,
        ...(within ? {} : { override_window: true }),
      },
      note: body.note || null,
    });
    return { repeated: false, cod: order.paymentMethod === 'COD' };
  });
  return {
    message: repeated
      ? 'This return was already accepted'
      : body.refund_to === 'credit'
        ? "Return accepted: the refund is in the shopper's store credit, and they have been mailed"
        : cod
          ? 'Return accepted and the shopper mailed: pay the refund back by bank transfer or UPI, then record its UTR in Refunds'
          : 'Return accepted: the refund has been asked of the provider and the shopper mailed',
    repeated,
    return: await returnDetail(work, enquiryId),
  };
}

/** Rejects a return request: the lifecycle's `reject_return` (a history line, the reason mailed), audited. */
export async function rejectReturn(
  work: UnitOfWork,
  enquiryId: number,
  body: RejectReturnBody,
): Promise<ReturnDecisionResponse> {
  const repeated = await work.transaction(async (w) => {
    const request = await lockRequest(w, enquiryId);
    if (request.returnDecision === 'rejected') return true;
    if (request.returnDecision === 'accepted') throw new AppError('conflict', 'This return has already been accepted');
    const { order } = await fireOrderEvent(w, request.orderId, { type: 'reject_return', note: body.reason });
    await decided(w, enquiryId, 'rejected');
    await audit(w, {
      action: 'return.reject',
      entityType: 'order',
      entityId: request.orderId,
      before: { status: order.status },
      after: { status: order.status, enquiry: enquiryId },
      note: body.reason,
    });
    return false;
  });
  return {
    message: repeated ? 'This return was already rejected' : 'Return rejected: the shopper has been mailed the reason',
    repeated,
    return: await returnDetail(work, enquiryId),
  };
}
