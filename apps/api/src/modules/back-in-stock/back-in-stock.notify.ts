import { and, eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { latestAddressPhone } from '../addresses/addresses.service';
import { pieceOf } from '../catalog/variants-on-sale';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import { queueShopperMessage } from '../messages/messages.service';
import { backInStockRequests } from './back-in-stock.schema';
import { isOpen } from './back-in-stock.service';

/**
 * The outbox's step after a size's stock rose from 0 to above 0, whatever
 * wrote it (docs/product.md 'Back in stock'): the trigger
 * `back_in_stock_rise` of the migration `back_in_stock` queues it in the
 * writer's own transaction, so it exists exactly when the rise is committed.
 *
 * Each open request of the size is claimed in one UPDATE ... WHERE
 * notified_at IS NULL: a second step for the same size (two rises at once,
 * or this one run again) waits on the claimed rows, then finds them told, so
 * nobody is told twice. The mail and the messages are queued in the same
 * transaction as the claim.
 *
 * The size is told about even when its stock fell back to 0 before this step
 * ran: it was back, and the request was for that. A size taken off sale
 * since tells nobody (its page would be 'not found'): its requests stay open.
 */
export async function tellBackInStock(work: UnitOfWork, variantId: number): Promise<void> {
  await work.transaction(async (w) => {
    const piece = await pieceOf(w.db, variantId);
    if (!piece?.onSale) return;
    const told = await w.db
      .update(backInStockRequests)
      .set({ notifiedAt: sql`now()` })
      .where(and(eq(backInStockRequests.variantId, variantId), isOpen))
      .returning();
    const shop = mailShop(w.app.env);
    const productUrl = `/product/${piece.slug}`;
    for (const request of told) {
      const stopUrl = `/back-in-stock/stop?token=${request.token}`;
      const message = mailMessage('back_in_stock', { name: '', piece: piece.label, productUrl, stopUrl });
      await queueMail(w, renderMail(shop, request.email, message), { key: `back-in-stock:${request.id}` });
      // WhatsApp and SMS only where the account agreed to marketing on the channel (messages asks, now and when sending).
      const phone = request.userId === null ? null : await latestAddressPhone(w.db, request.userId);
      if (phone === null) continue;
      await queueShopperMessage(w, {
        template: 'back_in_stock',
        values: { name: 'there', piece: piece.label, link: new URL(productUrl, shop.publicUrl).toString() },
        userId: request.userId,
        orderId: null,
        phone,
        key: `back-in-stock:${request.id}`,
      });
    }
  });
}
