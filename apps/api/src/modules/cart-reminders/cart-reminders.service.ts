import { MESSAGE_CHANNELS, normaliseMobile, type CartReminderFigures, type MarketingChannel } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { rows } from '../../db/client';
import { userById } from '../accounts/session.service';
import { carts } from '../cart/cart.schema';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { cartPieceLine } from '../mail/templates/marketing';
import { mailShop, renderMail } from '../mail/templates/render';
import { hasConsent, marketingConsentIn } from '../messages/consent.service';
import { queueShopperMessage } from '../messages/messages.service';
import { unsubscribeHeaders, unsubscribeLinks } from '../messages/unsubscribe';
import { cartPieces } from '../orders/checkout-quote';
import { orders } from '../orders/orders.schema';
import { settingsOf } from '../settings/settings.service';
import { cartReminders } from './cart-reminders.schema';

/**
 * Cart reminders (docs/product.md 'Messages to shoppers'). A cart's episode
 * runs from its first piece until it is emptied or ordered (`carts.started_at`);
 * its clock from its last change (`carts.changed_at`). The first reminder is
 * due once the cart has sat unchanged for an hour, the second once it has sat
 * unchanged for a day; a change starts the clock again, and an episode never
 * gets more than two. Only a cart whose shopper agreed to marketing on a channel
 * the shop can send is reminded, and none once they order after its last change.
 */
/** The waits of the first and second reminder, in minutes: CART_REMINDER_MINUTES (an hour), then a day. */
const waits = (work: UnitOfWork) => [work.app.env.CART_REMINDER_MINUTES, 24 * 60];
/** A cart left this long is not reminded at all: switching reminders on does not wake every old cart. */
const STALE_DAYS = 7;
/** An order within this many days of a reminder counts as one it led to. */
export const LED_TO_ORDER_DAYS = 7;

/** The channels the shop can send marketing on now: email always, WhatsApp and SMS when configured. */
const sendable = (work: UnitOfWork): MarketingChannel[] => [
  'email',
  ...MESSAGE_CHANNELS.filter((c) => !!work.app.channels[c]),
];

/**
 * The clock's job: claims each due reminder (its row, unique per episode and
 * number, so two runs at once claim it once) and hands it to the outbox, which
 * sends it after the commit. Answers how many it claimed.
 */
export async function remindIdleCarts(work: UnitOfWork, batch = 50): Promise<number> {
  if (!(await settingsOf(work)).cart_reminders) return 0;
  return work.transaction(async (w) => {
    const claimed = await rows<{ id: number }>(
      w.db,
      sql`insert into ${cartReminders} (user_id, cart_started_at, number)
          select c.user_id, c.started_at, r.n + 1
          from ${carts} c
          cross join lateral (
            select count(*)::int as n from ${cartReminders} cr
            where cr.user_id = c.user_id and cr.cart_started_at = c.started_at
          ) r
          where r.n < 2
            and c.changed_at <= now() - make_interval(mins => (array[${sql.raw(waits(w).join(', '))}])[r.n + 1])
            and c.changed_at > now() - make_interval(days => ${STALE_DAYS})
            and ${marketingConsentIn(sql`c.user_id`, sendable(w))}
            and not exists (
              select 1 from ${orders} o where o.user_id = c.user_id and o.created_at > c.changed_at
            )
          order by c.changed_at
          limit ${batch}
          on conflict do nothing
          returning id`,
    );
    for (const { id } of claimed) await w.emit('cart.reminder', { reminderId: id });
    return claimed.length;
  });
}

/**
 * The outbox's step: the reminder, on each channel the shopper agrees to now,
 * with the cart as it is now. Nothing when the episode has ended (emptied,
 * ordered) or the cart holds nothing on sale. Each channel's send asks for
 * consent once more (mail.service.ts, messages.service.ts).
 */
export async function sendCartReminder(work: UnitOfWork, reminderId: number): Promise<void> {
  await work.transaction(async (w) => {
    const [reminder] = await w.db.select().from(cartReminders).where(eq(cartReminders.id, reminderId));
    if (!reminder || reminder.sentAt) return;
    const [cart] = await w.db.select().from(carts).where(eq(carts.userId, reminder.userId));
    if (cart?.startedAt.getTime() !== reminder.cartStartedAt.getTime()) return;
    const user = await userById(w.db, reminder.userId);
    if (!user || user.guest) return;
    const { pieces, subtotalPaise } = await cartPieces(w, user);
    if (pieces.length === 0) return;

    const channels: MarketingChannel[] = [];
    const key = `cart-reminder:${reminder.id}`;
    if (await hasConsent(w.db, user.id, 'email', 'marketing')) {
      const message = mailMessage('cart_reminder', {
        name: user.name,
        items: pieces.map(cartPieceLine),
        subtotalPaise,
        unsubscribeUrl: unsubscribeLinks(w.app, user.id).page,
      });
      await queueMail(w, renderMail(mailShop(w.app.env), user.email, message), {
        key: `${key}:email`,
        headers: unsubscribeHeaders(w.app, user.id),
        marketingUserId: user.id,
      });
      channels.push('email');
    }
    // Marketing goes to the account's own mobile; a checkout's number is for its order only.
    if (normaliseMobile(user.phone).ok) {
      const count = pieces.reduce((n, p) => n + p.quantity, 0);
      const first = pieces[0]!.name;
      const more = count > 1 ? ` and ${count - 1} more piece${count === 2 ? '' : 's'}` : '';
      channels.push(
        ...(await queueShopperMessage(w, {
          userId: user.id,
          orderId: null,
          phone: user.phone,
          key,
          template: 'cart_reminder',
          values: {
            name: user.name.split(/\s+/)[0] || user.name,
            pieces: `${first}${more}`,
            link: new URL('/cart', w.app.env.PUBLIC_URL).toString(),
          },
        })),
      );
    }
    if (channels.length === 0) return;
    await w.db
      .update(cartReminders)
      .set({ channels, sentAt: sql`now()` })
      .where(eq(cartReminders.id, reminder.id));
  });
}

/**
 * The back office's figures: reminders sent in the last `days` days, and how
 * many were followed by an order of that shopper within LED_TO_ORDER_DAYS (a
 * shopper reminded twice before ordering counts for both).
 */
export async function reminderFigures(work: UnitOfWork, days = 30): Promise<CartReminderFigures> {
  const [row] = await rows<{ sent: number; ordered: number }>(
    work.db,
    sql`select count(*)::int as sent,
          count(*) filter (where exists (
            select 1 from ${orders} o
            where o.user_id = r.user_id and o.created_at > r.sent_at
              and o.created_at <= r.sent_at + make_interval(days => ${LED_TO_ORDER_DAYS})
          ))::int as ordered
        from ${cartReminders} r
        where r.sent_at is not null and r.sent_at > now() - make_interval(days => ${days})`,
  );
  const enabled = (await settingsOf(work)).cart_reminders;
  return { enabled, days, sent: row?.sent ?? 0, ordered: row?.ordered ?? 0 };
}

/** The shopper's cart reminders, for their copy of their data: when each went and on which channels. */
export async function remindersOf(work: UnitOfWork, userId: number) {
  const list = await work.db
    .select()
    .from(cartReminders)
    .where(eq(cartReminders.userId, userId))
    .orderBy(cartReminders.id);
  return list.map((r) => ({
    number: r.number,
    channels: r.channels,
    sent_at: r.sentAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}
