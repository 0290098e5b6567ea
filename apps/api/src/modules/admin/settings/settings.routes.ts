import { SettingsBody, SettingsSaved, ShopSettings } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { allSettings, saveSettings } from '../../settings/settings.service';
import { adminWork } from '../auth/guard';

/** The shop's settings (docs/back-office.md "Settings"): the owner's only. */
export function adminSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  r.get('/settings', { config: { access: 'settings.read' }, schema: { tags, response: { 200: ShopSettings } } }, () =>
    allSettings(ctx.db, ctx.env),
  );
  r.put(
    '/settings',
    { config: { access: 'settings.write' }, schema: { tags, body: SettingsBody, response: { 200: SettingsSaved } } },
    async (req) => ({ message: 'Settings saved', settings: await saveSettings(adminWork(req), req.body) }),
  );
}
