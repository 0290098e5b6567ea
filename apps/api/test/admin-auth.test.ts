import { ADMIN_MESSAGES, AdminMe, AuditPage, MESSAGES } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { sessions, users } from '../src/modules/accounts/accounts.schema';
import { loadEnv } from '../src/env';
import { revokeAllSessions } from '../src/modules/accounts/session.service';
import { verifyPassword } from '../src/modules/accounts/password';
import { audit } from '../src/modules/audit/audit.service';
import { ensureAdmin, NoAdminError } from '../src/modules/admin/staff/bootstrap';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, uniqueEmail } from './shoppers';
import { signUpStaff } from './staff';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const adminLogin = (email: string, password: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/admin/login', payload: { email, password }, headers });
function refused(res: Parameters<typeof expectError>[0], status: number, message: string) {
  expect(expectError(res, status).message).toBe(message);
}
const me = (headers: Record<string, string>) => shop.app.inject({ method: 'GET', url: '/api/v1/admin/me', headers });

describe('back-office sign-in', () => {
  it('gives staff a session of its own in an HttpOnly, SameSite=Lax admin cookie', async () => {
    const staff = await signUpStaff(shop.app, 'staff');
    const res = await adminLogin(staff.email, staff.password);
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^admin_session=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = /admin_session=([\w-]+)/.exec(cookie)![1]!;
    const viaCookie = await me({ cookie: `admin_session=${token}` });
    expect(viaCookie.statusCode).toBe(200);
    const body = AdminMe.parse(viaCookie.json());
    expect(body.user).toMatchObject({ email: staff.email, role: 'staff' });
    expect(body.permissions).toContain('orders.ship');
    expect(body.permissions).not.toContain('orders.cancel_paid');
    // The back office's session is not a storefront one.
    const storefront = await shop.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: staff.admin });
    expect(storefront.statusCode).toBe(401);
  });

  it('refuses a shopper (403) and a wrong password (401), counting attempts as the storefront does', async () => {
    const shopper = await signUp(shop.app, 'not-staff');
    refused(await adminLogin(shopper.email, shopper.password), 403, ADMIN_MESSAGES.noAccess);
    refused(await adminLogin(shopper.email, 'wrong password'), 401, MESSAGES.invalidCredentials);
    const shopperCookie = await me({ cookie: `admin_session=${shopper.token}` });
    expect(shopperCookie.statusCode).toBe(403);
  });

  it('refuses a change sent with the admin cookie from another site', async () => {
    const staff = await signUpStaff(shop.app, 'staff');
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/logout',
      headers: { cookie: `admin_session=${staff.adminToken}`, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(staff.admin)).statusCode).toBe(200);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const staff = await signUpStaff(shop.app, 'staff');
    const res = await shop.app.inject({ method: 'POST', url: '/api/v1/admin/logout', headers: staff.admin });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^admin_session=; .*Max-Age=0/);
    expect((await me(staff.admin)).statusCode).toBe(401);
  });

  it('ends after 12 idle hours, and each call slides the end forward', async () => {
    const staff = await signUpStaff(shop.app, 'admin');
    const { db } = shop.app.ctx;
    const row = () =>
      db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, staff.user.id))
        .then((r) => r.find((s) => s.kind === 'admin')!);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.id, (await row()).id));
    expect((await me(staff.admin)).statusCode).toBe(200);
    const slid = (await row()).expiresAt.getTime() - Date.now();
    expect(slid).toBeGreaterThan(11.9 * 3600 * 1000);
    expect(slid).toBeLessThanOrEqual(12 * 3600 * 1000);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, (await row()).id));
    expect((await me(staff.admin)).statusCode).toBe(401);
  });

  it('refuses a disabled account everywhere: sign-in (both doors) and its revoked sessions', async () => {
    const staff = await signUpStaff(shop.app, 'staff');
    const { db } = shop.app.ctx;
    await db.transaction(async (tx) => {
      await tx.update(users).set({ disabledAt: new Date() }).where(eq(users.id, staff.user.id));
      await revokeAllSessions(tx, staff.user.id);
    });
    expect((await me(staff.admin)).statusCode).toBe(401);
    refused(await adminLogin(staff.email, staff.password), 403, MESSAGES.accountDisabled);
    const storefront = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: staff.email, password: staff.password },
    });
    refused(storefront, 403, MESSAGES.accountDisabled);
  });
});

describe('the audit log', () => {
  it('is written only inside a transaction, and listed newest first by entity', async () => {
    const admin = await signUpStaff(shop.app, 'admin');
    const work = unitOfWork(shop.app.ctx, { kind: 'admin', userId: admin.user.id });
    await expect(audit(work, { action: 'order.note', entityType: 'order', entityId: 1 })).rejects.toThrow(
      /transaction/,
    );
    await work.transaction((w) =>
      audit(w, { action: 'order.note', entityType: 'order', entityId: 77, before: null, after: { note: 'x' } }),
    );
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/activity?entity_type=order&entity_id=77',
      headers: admin.admin,
    });
    expect(res.statusCode).toBe(200);
    const page = AuditPage.parse(res.json());
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      action: 'order.note',
      entity_id: '77',
      after: { note: 'x' },
      actor: { id: admin.user.id, email: admin.email },
    });
  });
});

describe('the admin of ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  const log = () => {
    const lines: string[] = [];
    return { lines, info: (_: object, m: string) => lines.push(m), warn: (_: object, m: string) => lines.push(m) };
  };
  const envOf = (extra: Record<string, string>) => loadEnv({ NODE_ENV: 'test', ...extra });
  const userOf = (email: string) =>
    shop.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, email))
      .then((r) => r[0]!);

  const storefrontLogin = (email: string, password: string) =>
    shop.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });

  it('is created once; a changed ADMIN_PASSWORD is applied only when ADMIN_PASSWORD_RESET asks', async () => {
    const email = uniqueEmail('owner');
    const first = log();
    await ensureAdmin(shop.app.ctx.db, envOf({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'first password' }), first);
    expect((await userOf(email)).role).toBe('admin');
    expect(first.lines).toEqual(['admin account created from ADMIN_EMAIL']);

    // The owner changes the password in the shop; the setting still holds the first one.
    const session = (await storefrontLogin(email, 'first password')).json<{ token: string }>().token;
    const changed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { authorization: `Bearer ${session}` },
      payload: { current_password: 'first password', new_password: 'chosen by the owner' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const restart = log();
    await ensureAdmin(shop.app.ctx.db, envOf({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'first password' }), restart);
    expect((await adminLogin(email, 'chosen by the owner')).statusCode).toBe(200);
    expectError(await adminLogin(email, 'first password'), 401);
    expect(restart.lines).toEqual([
      'the admin account of ADMIN_EMAIL exists: ADMIN_PASSWORD not applied (ADMIN_PASSWORD_RESET=true resets it)',
    ]);

    // Disabled meanwhile, then a reset asked for: enabled again, the password set, its sessions ended.
    await shop.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, email));
    const owner = (await adminLogin(email, 'chosen by the owner')).statusCode;
    expect(owner).toBe(403);
    const reset = log();
    await ensureAdmin(
      shop.app.ctx.db,
      envOf({ ADMIN_EMAIL: email, ADMIN_PASSWORD: 'second password', ADMIN_PASSWORD_RESET: 'true' }),
      reset,
    );
    const row = await userOf(email);
    expect(await verifyPassword(row.passwordHash, 'second password')).toBe(true);
    expect(row.disabledAt).toBeNull();
    expect(reset.lines).toEqual([
      'the admin account of ADMIN_EMAIL was disabled: enabled again',
      'admin password reset from ADMIN_PASSWORD, its sessions ended: unset ADMIN_PASSWORD_RESET now',
    ]);
    expect((await adminLogin(email, 'second password')).statusCode).toBe(200);
    expectError(await adminLogin(email, 'chosen by the owner'), 401);
  });

  it("takes the owner's address back from a shopper who registered it first: promoted with ADMIN_PASSWORD, signed out", async () => {
    const stranger = await signUp(shop.app, 'squatter', "the stranger's password");
    const out = log();
    await ensureAdmin(
      shop.app.ctx.db,
      envOf({ ADMIN_EMAIL: stranger.email, ADMIN_PASSWORD: "the owner's password" }),
      out,
    );
    expect((await userOf(stranger.email)).role).toBe('admin');
    expect(out.lines).toEqual([
      'the account holding ADMIN_EMAIL was customer: promoted to admin with ADMIN_PASSWORD, its sessions ended',
    ]);
    expectError(await adminLogin(stranger.email, stranger.password), 401);
    expectError(await storefrontLogin(stranger.email, stranger.password), 401);
    expect((await shop.app.inject({ url: '/api/v1/user/me', headers: stranger.auth })).statusCode).toBe(401);
    expect((await adminLogin(stranger.email, "the owner's password")).statusCode).toBe(200);
  });

  it('is required in production when no admin exists', async () => {
    const production = { ...envOf({}), NODE_ENV: 'production' as const };
    const empty = await createTestShop();
    try {
      await expect(ensureAdmin(empty.app.ctx.db, production, log())).rejects.toThrow(NoAdminError);
      // A deleted admin is no admin: its row keeps the role, nobody can sign in to it.
      await empty.app.ctx.db
        .insert(users)
        .values({ email: 'deleted-1@deleted.invalid', passwordHash: '!', role: 'admin', deletedAt: new Date() });
      await expect(ensureAdmin(empty.app.ctx.db, production, log())).rejects.toThrow(NoAdminError);
    } finally {
      await empty.close();
    }
    // This shop has admins by now: production starts without the settings.
    await expect(ensureAdmin(shop.app.ctx.db, production, log())).resolves.toBeUndefined();
  });
});
