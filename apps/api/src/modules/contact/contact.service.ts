import { MESSAGES, type ContactBody, type User } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contactEnquiries, orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

/** An enquiry from anyone; a return request (order_id) only from the order's owner. */
export async function sendEnquiry(ctx: AppContext, sender: User | null, body: ContactBody, ip: string): Promise<void> {
  await ctx.limiter.consume(`contact-ip:${ip}`, ctx.env.RATE_LIMIT_CONTACTS_PER_IP);
  if (body.order_id !== undefined) {
    if (!sender) throw new AppError('unauthorized', MESSAGES.loginRequired);
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, body.order_id), eq(orders.userId, sender.id)));
    if (!order) throw notFound(MESSAGES.orderNotFound);
  }
  await ctx.db.insert(contactEnquiries).values({
    userId: sender?.id ?? null,
    orderId: body.order_id ?? null,
    name: body.name,
    email: body.email,
    phone: body.phone ?? '',
    message: body.message,
  });
}
