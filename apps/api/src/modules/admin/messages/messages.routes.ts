import { ENDPOINTS, type AdminMessages } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/endpoint-route';
import { reminderFigures } from '../../cart-reminders/cart-reminders.service';
import { listMessages } from '../../messages/messages.service';
import { MESSAGE_KEYS, MESSAGE_TEMPLATES } from '../../messages/templates';
import { adminWork } from '../auth/guard';

/** The WhatsApp and SMS messages sent to shoppers, newest first (docs/back-office.md 'Messages (/admin/messages)'). */
export function adminMessageRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS['admin.messages.list'], {}, async (req): Promise<AdminMessages> => {
    const work = adminWork(req);
    const [{ rows, failedRecently }, cartReminders] = await Promise.all([
      listMessages(work, req.query),
      reminderFigures(work),
    ]);
    return {
      failed_recently: failedRecently,
      cart_reminders: cartReminders,
      templates: MESSAGE_KEYS.map((key) => ({
        key,
        title: MESSAGE_TEMPLATES[key].title,
        text: MESSAGE_TEMPLATES[key].text,
        params: [...MESSAGE_TEMPLATES[key].params],
      })),
      data: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        template: m.template,
        // The owner sees whom it was for without the whole number on a shared screen.
        to: m.to.length > 6 ? `${m.to.slice(0, 3)}•••••${m.to.slice(-4)}` : m.to,
        order_id: m.orderId,
        status: m.status,
        error: m.error,
        attempts: m.attempts,
        created_at: m.createdAt.toISOString(),
        updated_at: m.updatedAt.toISOString(),
      })),
    };
  });
}
