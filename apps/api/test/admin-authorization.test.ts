import { can, type Permission } from '@shop/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

/**
 * The back office's authorization matrix (docs/product.md#back-office): every admin route the
 * app registered, as read from the app itself, called by nobody, a shopper,
 * a staff member and an admin. A new route is in the matrix without editing it.
 */
let shop: TestShop;
let shopper: Shopper;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  [shopper, staff, admin] = await Promise.all([
    signUp(shop.app, 'matrix-shopper'),
    signUpStaff(shop.app, 'staff', 'matrix-staff'),
    signUpStaff(shop.app, 'admin', 'matrix-admin'),
  ]);
});
afterAll(() => shop.close());

function call(method: string, url: string, headers: Record<string, string>) {
  const path = url.replace(/:[A-Za-z_]+/g, '1');
  const opts: InjectOptions = { method: method, url: path, headers };
  if (method !== 'GET' && method !== 'DELETE') opts.payload = {};
  return shop.app.inject(opts);
}

describe('every admin route', () => {
  it('is registered with its access, and there are routes to check', () => {
    const routes = shop.app.adminRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const r of routes) expect(r.url.startsWith('/api/v1/admin/'), r.url).toBe(true);
  });

  it('answers 401 to anonymous callers and to a storefront session of a staff member', async () => {
    for (const r of shop.app.adminRoutes.filter((x) => x.access !== 'public')) {
      const anonymous = await call(r.method, r.url, {});
      expect(anonymous.statusCode, `${r.method} ${r.url}`).toBe(401);
      const staffShopSession = await call(r.method, r.url, staff.auth);
      expect(staffShopSession.statusCode, `${r.method} ${r.url} (staff's storefront session)`).toBe(401);
    }
  });

  it('answers 403 to a shopper, whatever the route', async () => {
    for (const r of shop.app.adminRoutes.filter((x) => x.access !== 'public')) {
      const res = await call(r.method, r.url, shopper.auth);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  // Signing out ends the session the next calls need: tested on its own (admin-auth.test.ts).
  const guarded = () => shop.app.adminRoutes.filter((x) => x.access !== 'public' && x.url !== '/api/v1/admin/logout');

  it('lets staff through exactly where the permission table names staff', async () => {
    for (const r of guarded()) {
      const res = await call(r.method, r.url, staff.admin);
      const allowed = r.access === 'signed_in' || can('staff', r.access as Permission);
      if (allowed) expect([401, 403], `${r.method} ${r.url}: ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('lets an admin through everywhere', async () => {
    for (const r of guarded()) {
      const res = await call(r.method, r.url, admin.admin);
      expect([401, 403], `${r.method} ${r.url}: ${res.body}`).not.toContain(res.statusCode);
    }
  });
});
