import {
  AdminBanner,
  AdminHome,
  AnnouncementBody,
  BannerBody,
  BannersResponse,
  BannerMoveBody,
  FocusedBody,
  HOME_PICK_SECTIONS,
  MessageBody,
  PickSearchQuery,
  PickSearchResult,
  PicksBody,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { adminWork } from '../auth/guard';
import * as home from './home.service';

const tags = ['admin'];
const IdParams = z.object({ id: z.coerce.number().int().positive() });
const SectionParams = z.object({ section: z.enum(HOME_PICK_SECTIONS) });
const access = 'catalog.write' as const;

/** The home page's banners, announcement bar and picks (docs/back-office.md 'Home page'). */
export function adminHomeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/home', { config: { access }, schema: { tags, response: { 200: AdminHome } } }, () => home.adminHome(ctx.db));

  r.get('/home/preview', { config: { access }, schema: { tags, response: { 200: BannersResponse } } }, async () => ({
    data: await home.previewBanners(ctx.db),
  }));

  r.get(
    '/home/products',
    { config: { access }, schema: { tags, querystring: PickSearchQuery, response: { 200: PickSearchResult } } },
    async (req) => ({ data: await home.searchPicks(ctx.db, req.query.q) }),
  );

  r.post(
    '/home/banners',
    { config: { access }, schema: { tags, body: BannerBody, response: { 201: AdminBanner } } },
    async (req, reply) => reply.code(201).send(await home.createBanner(adminWork(req), req.body)),
  );

  r.put(
    '/home/banners/:id',
    { config: { access }, schema: { tags, params: IdParams, body: BannerBody, response: { 200: AdminBanner } } },
    (req) => home.updateBanner(adminWork(req), req.params.id, req.body),
  );

  r.delete(
    '/home/banners/:id',
    { config: { access }, schema: { tags, params: IdParams, response: { 200: MessageBody } } },
    async (req) => {
      await home.deleteBanner(adminWork(req), req.params.id);
      return { message: 'Banner removed' };
    },
  );

  r.post(
    '/home/banners/:id/move',
    { config: { access }, schema: { tags, params: IdParams, body: BannerMoveBody, response: { 200: MessageBody } } },
    async (req) => {
      await home.moveBanner(adminWork(req), req.params.id, req.body.direction);
      return { message: 'Banner moved' };
    },
  );

  r.put(
    '/home/announcement',
    { config: { access }, schema: { tags, body: AnnouncementBody, response: { 200: MessageBody } } },
    async (req) => {
      await home.setAnnouncement(adminWork(req), req.body.text);
      return { message: req.body.text ? 'Announcement saved' : 'Announcement bar removed' };
    },
  );

  r.put(
    '/home/sections/focused_collection',
    { config: { access }, schema: { tags, body: FocusedBody, response: { 200: MessageBody } } },
    async (req) => {
      await home.setFocused(adminWork(req), req.body.items);
      return { message: 'Focused collections saved' };
    },
  );

  r.put(
    '/home/sections/:section',
    { config: { access }, schema: { tags, params: SectionParams, body: PicksBody, response: { 200: MessageBody } } },
    async (req) => {
      await home.setPicks(adminWork(req), req.params.section, req.body.product_ids);
      return { message: 'Picks saved' };
    },
  );
}
