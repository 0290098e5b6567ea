import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import * as home from './home.service';

/** The home page's banners, announcement bar and picks (docs/back-office.md 'Home page'). */
export function adminHomeRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.home.get'], {}, () => home.adminHome(ctx.db));

  route(app, ENDPOINTS['admin.home.preview'], {}, async () => ({ data: await home.previewBanners(ctx.db) }));

  route(app, ENDPOINTS['admin.home.searchPicks'], {}, async (req) => ({
    data: await home.searchPicks(ctx.db, req.query.q),
  }));

  route(app, ENDPOINTS['admin.home.createBanner'], {}, async (req, reply) =>
    reply.code(201).send(await home.createBanner(adminWork(req), req.body)),
  );

  route(app, ENDPOINTS['admin.home.updateBanner'], {}, (req) =>
    home.updateBanner(adminWork(req), req.params.id, req.body),
  );

  route(app, ENDPOINTS['admin.home.deleteBanner'], {}, async (req) => {
    await home.deleteBanner(adminWork(req), req.params.id);
    return { message: 'Banner removed' };
  });

  route(app, ENDPOINTS['admin.home.moveBanner'], {}, async (req) => {
    await home.moveBanner(adminWork(req), req.params.id, req.body.direction);
    return { message: 'Banner moved' };
  });

  route(app, ENDPOINTS['admin.home.announcement'], {}, async (req) => {
    await home.setAnnouncement(adminWork(req), req.body.text);
    return { message: req.body.text ? 'Announcement saved' : 'Announcement bar removed' };
  });

  route(app, ENDPOINTS['admin.home.focused'], {}, async (req) => {
    await home.setFocused(adminWork(req), req.body.items);
    return { message: 'Focused collections saved' };
  });

  route(app, ENDPOINTS['admin.home.picks'], {}, async (req) => {
    await home.setPicks(adminWork(req), req.params.section, req.body.product_ids);
    return { message: 'Picks saved' };
  });
}
