import {
  formatRupees,
  toPaise,
  toRupees,
  type AcceptReturnBody,
  type RejectReturnBody,
  type ReturnDecisionResponse,
} from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { contactEnquiries } from '../../contact/contact.schema';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { kindOfUser } from '../../accounts/guests';
import { placeExchange } from '../../orders/exchange';
import { orderLines, orders } from '../../orders/orders.schema';
import { paidForPieces } from '../../pricing/quote';
import type { OrderRow } from '../../orders/order-state';
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

/** What was paid for the pieces (their price less their share of a discount code). */
async function piecesWorth(work: UnitOfWork, orderId: number, pieces: readonly { lineId: number; quantity: number }[]) {
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return pieces.reduce((sum, p) => {
    const line = lines.find((l) => l.id === p.lineId);
    return line ? sum + paidForPieces(line, Math.min(p.quantity, line.quantity)) : sum;
  }, 0);
}

/** An exchange's replacement is made once per request: its key. */
const exchangeKey = (enquiryId: number) => `exchange:${enquiryId}`;

/** The pieces an accept names for an exchange: all of them, or none (they are refunded). */
function exchangedPieces(body: AcceptReturnBody) {
  const pieces = body.lines.flatMap((l) =>
    l.exchange_variant_id === undefined
      ? []
      : [{ lineId: l.line_id, quantity: l.quantity, variantId: l.exchange_variant_id }],
  );
  if (pieces.length === 0) return null;
  if (pieces.length !== body.lines.length)
    throw invalid(['Exchange every piece named, or refund them: not some of each in one return']);
  if (body.amount !== undefined)
    throw invalid(['An exchange is worth what the pieces were paid: leave the refund amount out']);
  return pieces;
}

/**
 * Accepts a return request (docs/back-office.md): within RETURN_WINDOW_DAYS of
 * delivery, or later by an admin with a note; then the lifecycle's
 * `accept_return` (refund recorded and asked of the provider through the
 * outbox, stock back when asked, the shopper mailed), the request marked
 * accepted and the audit entry, in one transaction. A second submit finds the
 * request accepted and does nothing twice.
 *
 * An exchange (docs/product.md 'Exchanges'): the pieces' worth is paid into the shopper's store
 * credit and spent at once on a replacement order of the variants named (`placeExchange`), in the
 * same transaction: a variant out of stock refuses it all, and the owner may accept the return as
 * credit or a refund instead. A guest has no credit to carry the worth: refused in words.
 */
export async function acceptReturn(
  work: UnitOfWork,
  enquiryId: number,
  body: AcceptReturnBody,
): Promise<ReturnDecisionResponse> {
  const exchange = exchangedPieces(body);
  const { repeated, cod, replacement } = await work.transaction(async (w) => {
    const request = await lockRequest(w, enquiryId);
    if (request.returnDecision === 'accepted') {
      const [made] = await w.db
        .select()
        .from(orders)
        .where(and(eq(orders.exchangeOf, request.orderId), eq(orders.idempotencyKey, exchangeKey(enquiryId))));
      return { repeated: true, cod: false, replacement: made ?? null };
    }
    if (request.returnDecision === 'rejected') throw new AppError('conflict', 'This return has already been rejected');
    const [original] = await w.db.select().from(orders).where(eq(orders.id, request.orderId));
    if (exchange && (await kindOfUser(w.db, original!.userId)) === 'guest') {
      throw new AppError(
        'conflict',
        'A guest’s order cannot be exchanged: the pieces’ worth moves through store credit, which needs an account. Accept it as a refund instead',
      );
    }
    // After its window, the lifecycle refuses the return unless an admin overrides it with a note.
    const accepted = await fireOrderEvent(w, request.orderId, {
      type: 'accept_return',
      lines: body.lines.length > 0 ? body.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })) : undefined,
      // An exchange is worth what its pieces were paid (their last piece takes no shipping back: the replacement ships free).
      amountPaise: exchange
        ? await piecesWorth(w, request.orderId, exchange)
        : body.amount === undefined
          ? undefined
          : toPaise(body.amount),
      restock: body.restock,
      note: body.note || undefined,
      idempotencyKey: `enquiry-${enquiryId}`,
      overrideWindow: body.override_window,
      refundTo: exchange ? 'credit' : body.refund_to,
    });
    let replacement: OrderRow | null = null;
    if (exchange) {
      // What the return credited (its parts, written in this transaction), spent on the replacement.
      const credited = (await w.app.orderHooks.refundsOf(w.db, [request.orderId])).filter(
        (r) => r.reason === 'return' && r.method === 'credit',
      );
      const at = credited.at(-1)?.createdAt.getTime();
      const worth = credited.filter((r) => r.createdAt.getTime() === at).reduce((n, r) => n + r.amountPaise, 0);
      replacement = await placeExchange(w, accepted.order, exchange, worth, exchangeKey(enquiryId));
    }
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
        refund_to: exchange ? 'exchange' : body.refund_to,
        ...(replacement ? { exchange_order: replacement.id } : {}),
        ...(within ? {} : { override_window: true }),
      },
      note: body.note || null,
    });
    return { repeated: false, cod: order.paymentMethod === 'COD', replacement };
  });
  return {
    message: repeated
      ? 'This return was already accepted'
      : replacement
        ? `Exchange accepted: the replacement is order #${replacement.id}, ${
            replacement.paidAt
              ? 'paid by the returned pieces and waiting to be packed'
              : `waiting for the shopper to pay the difference of ${formatRupees(toRupees(replacement.totalPaise - replacement.creditPaise))}`
          }; the shopper has been mailed`
        : body.refund_to === 'credit'
          ? "Return accepted: the refund is in the shopper's store credit, and they have been mailed"
          : cod
            ? 'Return accepted and the shopper mailed: pay the refund back by bank transfer or UPI, then record its UTR in Refunds'
            : 'Return accepted: the refund has been asked of the provider and the shopper mailed',
    repeated,
    exchange_order_id: replacement?.id ?? null,
    return: await returnDetail(work, enquiryId),
  };
}

/**
 * The returned parcel reached the shop (docs/back-office.md 'Returns'): the lifecycle's
 * `receive_return` (a history line, the shopper mailed), the request marked received, audited;
 * once per request. A rejected request has nothing coming back.
 */
export async function receiveReturn(work: UnitOfWork, enquiryId: number): Promise<ReturnDecisionResponse> {
  const repeated = await work.transaction(async (w) => {
    const request = await lockRequest(w, enquiryId);
    if (request.returnReceivedAt) return true;
    if (request.returnDecision === 'rejected')
      throw new AppError('conflict', 'This return was rejected: nothing comes back');
    const { order } = await fireOrderEvent(w, request.orderId, { type: 'receive_return' });
    await w.db
      .update(contactEnquiries)
      .set({ returnReceivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(contactEnquiries.id, enquiryId));
    await audit(w, {
      action: 'return.receive',
      entityType: 'order',
      entityId: request.orderId,
      before: { status: order.status },
      after: { status: order.status, enquiry: enquiryId },
      note: null,
    });
    return false;
  });
  return {
    message: repeated
      ? 'This parcel was already marked received'
      : 'Parcel marked received: the shopper has been mailed that it arrived',
    repeated,
    exchange_order_id: null,
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
    exchange_order_id: null,
    return: await returnDetail(work, enquiryId),
  };
}
