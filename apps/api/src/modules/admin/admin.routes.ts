import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { adminAuditRoutes } from './audit/audit.routes';
import { adminAuthRoutes } from './auth/auth.routes';
import { adminGuard, type RouteAccess } from './auth/guard';
import { adminDashboardRoutes } from './dashboard/dashboard.routes';
import { adminOrderRoutes } from './orders/orders.routes';
import { adminStaffRoutes } from './staff/staff.routes';
import { adminCustomerRoutes } from './customers/customers.routes';
import { adminEnquiryRoutes } from './enquiries/enquiries.routes';
import { adminRefundRoutes } from './refunds/refunds.routes';
import { adminReturnRoutes } from './returns/returns.routes';
import { adminMailRoutes } from './mails/mails.routes';
import { adminMessageRoutes } from './messages/messages.routes';
import { adminReportRoutes } from './reports/reports.routes';
import { adminPictureRoutes } from './pictures/pictures.routes';
import { adminProductRoutes } from './products/products.routes';
import { adminStockRoutes } from './stock/stock.routes';
import { adminSettingsRoutes } from './settings/settings.routes';
import { adminColourPictureRoutes } from './catalog-pics/colour-pictures.routes';
import { adminGroupRoutes } from './catalog-pics/groups.routes';
import { adminCatalogIoRoutes } from './catalog-io/catalog-io.routes';
import { adminHomeRoutes } from './home/home.routes';
import { adminDiscountRoutes } from './discounts/discounts.routes';

/** One registered admin route and what it needs: the authorization matrix test walks them all. */
export interface AdminRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/**
 * The back office's API under /api/v1/admin (docs/decisions/0009): every
 * route declares its access (a permission of the contract's table), checked
 * by one guard before anything else runs. A route without one stops the start.
 * The routes are registered from the endpoint table's staff entries
 * (packages/contract/src/endpoints/admin*.ts), whose paths carry /admin
 * and whose `access` route() puts in the route's config.
 */
export function adminRoutes(ctx: AppContext, registry: AdminRoute[]) {
  return (app: FastifyInstance, _opts: unknown, done: (err?: Error) => void) => {
    app.decorateRequest('staff', null);
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) throw new Error(`Admin route ${[route.method].flat().join(',')} ${route.url} declares no access`);
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') registry.push({ method, url: route.url, access });
      }
    });
    app.addHook('onRequest', adminGuard(ctx));
    adminAuthRoutes(app, ctx);
    adminAuditRoutes(app, ctx);
    adminOrderRoutes(app, ctx);
    adminDashboardRoutes(app, ctx);
    adminStaffRoutes(app, ctx);
    adminReturnRoutes(app);
    adminRefundRoutes(app);
    adminCustomerRoutes(app, ctx);
    adminEnquiryRoutes(app, ctx);
    adminReportRoutes(app, ctx);
    adminMailRoutes(app, ctx);
    adminMessageRoutes(app);
    // The catalogue, the home page and the settings (docs/back-office.md 'Products' onwards).
    adminPictureRoutes(app);
    // Products and their variants.
    adminProductRoutes(app);
    // Stock grid, sales and the shop's settings.
    adminStockRoutes(app, ctx);
    adminSettingsRoutes(app, ctx);
    // Pictures per colour, categories and collections.
    adminColourPictureRoutes(app, ctx);
    adminGroupRoutes(app, ctx);
    // Area 'home': catalogue import/export, the home page.
    adminCatalogIoRoutes(app, ctx);
    adminHomeRoutes(app, ctx);
    adminDiscountRoutes(app);
    done();
  };
}
