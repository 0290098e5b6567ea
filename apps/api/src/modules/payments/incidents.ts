import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { PAYMENT_INCIDENT_KINDS } from './payments.schema';
import { paymentIncidents } from './payments.schema';
import { AppError, notFound } from '../../lib/errors';

export type PaymentIncident = typeof paymentIncidents.$inferSelect;
export type IncidentKind = (typeof PAYMENT_INCIDENT_KINDS)[number];

export interface IncidentFacts {
  kind: IncidentKind;
  orderId?: number | null;
  providerPaymentId?: string | null;
  providerRef: string;
  amountPaise?: number | null;
  currency?: string | null;
  providerStatus: string;
  reason?: string;
}

/** Records (or brings up to date) what the provider says of one refund, dispute or payment. */
export async function recordIncident(work: UnitOfWork, facts: IncidentFacts): Promise<void> {
  const values = {
    kind: facts.kind,
    orderId: facts.orderId ?? null,
    providerPaymentId: facts.providerPaymentId ?? null,
    providerRef: facts.providerRef,
    amountPaise: facts.amountPaise ?? null,
    currency: facts.currency ?? null,
    providerStatus: facts.providerStatus,
    reason: (facts.reason ?? '').slice(0, 500),
  };
  await work.db
    .insert(paymentIncidents)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentIncidents.kind, paymentIncidents.providerRef],
      set: {
        providerStatus: values.providerStatus,
        reason: sql`case when excluded.reason = '' then ${paymentIncidents.reason} else excluded.reason end`,
        amountPaise: sql`coalesce(excluded.amount_paise, ${paymentIncidents.amountPaise})`,
        orderId: sql`coalesce(excluded.order_id, ${paymentIncidents.orderId})`,
        status: 'open',
        updatedAt: sql`now()`,
      },
    });
}

const requireStaff = (work: UnitOfWork) => {
  if (work.actor.kind !== 'staff' && work.actor.kind !== 'admin') {
    throw new AppError('forbidden', 'Only the shop’s staff can see payment incidents');
  }
};

/** The back office's list of payment incidents, newest first, a page at a time (`before` an id). */
export async function listPaymentIncidents(
  work: UnitOfWork,
  opts: { status?: 'open' | 'resolved'; before?: number; limit?: number } = {},
): Promise<PaymentIncident[]> {
  requireStaff(work);
  const where = and(
    opts.status ? eq(paymentIncidents.status, opts.status) : undefined,
    opts.before ? lt(paymentIncidents.id, opts.before) : undefined,
  );
  return work.db
    .select()
    .from(paymentIncidents)
    .where(where)
    .orderBy(desc(paymentIncidents.id))
    .limit(Math.min(opts.limit ?? 50, 200));
}

/** Staff mark an incident dealt with. */
export async function resolvePaymentIncident(work: UnitOfWork, id: number): Promise<PaymentIncident> {
  requireStaff(work);
  const [row] = await work.db
    .update(paymentIncidents)
    .set({ status: 'resolved', updatedAt: sql`now()` })
    .where(eq(paymentIncidents.id, id))
    .returning();
  if (!row) throw notFound('Incident not found');
  return row;
}
