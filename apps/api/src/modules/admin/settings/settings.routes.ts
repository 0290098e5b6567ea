import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { allSettings, saveSettings } from '../../settings/settings.service';
import { adminWork } from '../auth/guard';

/** The shop's settings (docs/back-office.md "Settings"): the owner's only. */
export function adminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.settings.get'], {}, () => allSettings(ctx.db, ctx.env));
  route(app, ENDPOINTS['admin.settings.save'], {}, async (req) => ({
    message: 'Settings saved',
    settings: await saveSettings(adminWork(req), req.body),
  }));
}
