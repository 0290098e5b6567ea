import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-route';
import { sendKept } from '../../lib/http';
import { publicCacheControl } from '../../lib/http-cache';
import { ipKey } from '../../lib/rate-limit';
import { pageViews } from './analytics.schema';
import { readOnlyToken } from '../../lib/auth';
import { userForToken } from '../accounts/session.service';
import { shopSettings } from '../settings/settings.service';

export function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Everyone's, and changed only by the settings, whose saving forgets the catalogue cache: kept there.
  const cacheControl = publicCacheControl(ctx.env);
  route(app, ENDPOINTS['shop.config'], {}, (_req, reply) =>
    sendKept(reply, ctx.cache, cacheControl, 'config', () => publicConfig(ctx)),
  );

  /** First-party page-view log (docs/product.md#analytics); answers 204 and never fails the page. */
  route(app, ENDPOINTS['analytics.pageView'], {}, async (req, reply) => {
    await ctx.limiter.consume(`pageview-ip:${ipKey(req.ip)}`, 600);
    const token = readOnlyToken(req);
    const user = token ? await userForToken(ctx.db, token) : null;
    await ctx.db.insert(pageViews).values({
      path: req.body.path,
      referrer: req.body.referrer,
      userId: user?.id ?? null,
      userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
    });
    return reply.status(204).send();
  });
}

/** What every page needs of the shop's settings (the root loader, apps/web/app/root.tsx). */
async function publicConfig(ctx: AppContext) {
  const { seller, payment_window_minutes } = await shopSettings(ctx);
  return {
    shop_name: ctx.env.SHOP_NAME,
    ga_measurement_id: ctx.env.GA_MEASUREMENT_ID ?? null,
    payment_provider: ctx.payments.name,
    seller: {
      legal_name: seller.legal_name,
      address: seller.address,
      gstin: seller.gstin,
      email: seller.email,
      phone: seller.phone,
    },
    grievance_officer: {
      name: ctx.env.GRIEVANCE_OFFICER_NAME,
      email: ctx.env.GRIEVANCE_OFFICER_EMAIL,
      phone: ctx.env.GRIEVANCE_OFFICER_PHONE,
    },
    retention_days: {
      expired_sessions: ctx.env.RETENTION_EXPIRED_SESSIONS_DAYS,
      page_views: ctx.env.RETENTION_PAGE_VIEWS_DAYS,
      sent_mails: ctx.env.RETENTION_SENT_MAILS_DAYS,
      webhook_events: ctx.env.RETENTION_WEBHOOK_EVENTS_DAYS,
    },
    payment_window_minutes,
  };
}
