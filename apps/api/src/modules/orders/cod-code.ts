import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES, OTP_LENGTH, shopDeadline, type Order } from '@shop/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import { queueShopperMessage } from '../messages/messages.service';
import { fireOrderEvent } from './lifecycle/fire';
import { may } from './lifecycle/may';
import { shoppersOrder } from './order-payment';
import type { OrderRow } from './order-state';
import { orderView } from './order-view';
import { codConfirmations } from './orders.schema';

/**
 * The 6-digit code that confirms a cash-on-delivery order (docs/product.md
 * 'Cash on delivery'): mailed to the shopper, hashed at rest, valid until the
 * order's confirmation window ends. Five wrong tries spend it; the shopper may
 * ask for a new one a few times.
 */

export const MAX_COD_ATTEMPTS = 5;
/** Codes one order may be sent in all (the first and the 'send again's). */
export const MAX_COD_SENDS = 5;

const hashCode = (orderId: number, code: string) => createHash('sha256').update(`cod:${orderId}:${code}`).digest();

/**
 * A new code for the order, replacing any earlier one (its tries start again),
 * mailed in the caller's transaction through the outbox; the mail's text is
 * blanked once sent, like every mail that carries a code.
 */
export async function sendCodCode(work: UnitOfWork, order: OrderRow): Promise<void> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const codeHash = hashCode(order.id, code).toString('hex');
  const now = new Date();
  await work.db
    .insert(codConfirmations)
    .values({ orderId: order.id, codeHash, sentAt: now, expiresAt: order.paymentDueAt })
    .onConflictDoUpdate({
      target: codConfirmations.orderId,
      set: {
        codeHash,
        attempts: 0,
        consumedAt: null,
        sentAt: now,
        expiresAt: order.paymentDueAt,
        sends: sql`${codConfirmations.sends} + 1`,
      },
    });
  const mail = renderMail(
    mailShop(work.app.env),
    order.email,
    mailMessage('cod_code', {
      name: order.name,
      orderId: order.id,
      code,
      totalPaise: order.totalPaise,
      until: shopDeadline(order.paymentDueAt.toISOString()),
    }),
  );
  await queueMail(work, mail, { secret: true });
  // And on WhatsApp/SMS when the shopper agreed to order messages there (its values blanked once sent).
  await queueShopperMessage(work, {
    template: 'cod_code',
    values: { code, order: String(order.id) },
    userId: order.userId,
    orderId: order.id,
    phone: order.phone,
    key: `cod-code:${order.id}:${codeHash.slice(0, 16)}`,
    secret: true,
  });
}

/**
 * Checks a code, counting the try before comparing it in one statement (as
 * the accounts' codes do): however many tries arrive at once, at most five
 * are compared. The fifth wrong one spends it; a right one is spent with the move it allows.
 */
async function checkCodCode(db: DbOrTx, orderId: number, code: string): Promise<'ok' | 'wrong' | 'spent'> {
  const [counted] = await db
    .update(codConfirmations)
    .set({ attempts: sql`${codConfirmations.attempts} + 1` })
    .where(
      and(
        eq(codConfirmations.orderId, orderId),
        isNull(codConfirmations.consumedAt),
        gt(codConfirmations.expiresAt, new Date()),
        lt(codConfirmations.attempts, MAX_COD_ATTEMPTS),
      ),
    )
    .returning({ codeHash: codConfirmations.codeHash, attempts: codConfirmations.attempts });
  if (!counted) return 'spent';
  if (!timingSafeEqual(Buffer.from(counted.codeHash, 'hex'), hashCode(orderId, code))) {
    if (counted.attempts >= MAX_COD_ATTEMPTS) {
      await db.update(codConfirmations).set({ consumedAt: new Date() }).where(eq(codConfirmations.orderId, orderId));
      return 'spent';
    }
    return 'wrong';
  }
  return 'ok';
}

/** Spends the order's code; false when another request spent it first. */
async function spendCodCode(db: DbOrTx, orderId: number): Promise<boolean> {
  const spent = await db
    .update(codConfirmations)
    .set({ consumedAt: new Date() })
    .where(and(eq(codConfirmations.orderId, orderId), isNull(codConfirmations.consumedAt)))
    .returning({ orderId: codConfirmations.orderId });
  return spent.length === 1;
}

/** The shopper's order waiting for its code, or the refusal. */
async function awaitingCode(work: UnitOfWork, orderId: number): Promise<OrderRow> {
  const order = await shoppersOrder(work, orderId);
  if (!(await may(work, order, { type: 'confirm_cod' }))) throw new AppError('conflict', MESSAGES.codNotAwaiting);
  return order;
}

/**
 * The shopper enters the mailed code: right, the order is confirmed and goes
 * to packing (the lifecycle's `confirm_cod`); wrong, the tries left are
 * counted (outside any transaction a refusal would roll back).
 */
export async function confirmCodOrder(
  work: UnitOfWork,
  orderId: number,
  code: string,
): Promise<{ message: string; data: Order }> {
  await awaitingCode(work, orderId);
  const checked = await checkCodCode(work.db, orderId, code);
  if (checked === 'wrong') throw new AppError('invalid', MESSAGES.codWrongCode, undefined, 'cod_code_wrong');
  if (checked === 'spent') throw new AppError('invalid', MESSAGES.codCodeSpent, undefined, 'cod_code_spent');
  await work.transaction(async (w) => {
    if (!(await spendCodCode(w.db, orderId))) {
      throw new AppError('invalid', MESSAGES.codCodeSpent, undefined, 'cod_code_spent');
    }
    await fireOrderEvent(w, orderId, { type: 'confirm_cod' });
  });
  return { message: MESSAGES.codConfirmed, data: await orderView(work, orderId) };
}

/** 'Send again': a new code, at most a few per order and a few per window (the rate limit). */
export async function resendCodCode(work: UnitOfWork, orderId: number): Promise<{ message: string }> {
  const order = await awaitingCode(work, orderId);
  const [row] = await work.db.select().from(codConfirmations).where(eq(codConfirmations.orderId, orderId));
  if (row && row.sends >= MAX_COD_SENDS) {
    throw new AppError('rate_limited', 'No more codes can be sent for this order. Please place it again.');
  }
  await work.app.limiter.consume(`cod-code:${orderId}`, work.app.env.RATE_LIMIT_OTP_REQUESTS_PER_EMAIL);
  await work.transaction((w) => sendCodCode(w, order));
  return { message: MESSAGES.codCodeSent };
}
