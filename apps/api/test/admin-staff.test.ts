import { ADMIN_MESSAGES, AdminLoginResponse, AdminMe, AuditPage, StaffList, UserResponse } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../src/modules/accounts/accounts.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUp, uniqueEmail } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let owner: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  owner = await signUpStaff(shop.app, 'admin', 'owner');
});
afterAll(() => shop.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) => call('POST', '/login', {}, { email, password });

/** The invitation link mailed to `email`, as its parts. */
async function invitation(email: string) {
  await world.drain();
  const text = await world.mailText(email, 'You are invited to the Little Loom back office');
  const link = /https?:\/\/\S+\/admin\/invite\?\S+/.exec(text ?? '')?.[0];
  expect(link, text).toBeDefined();
  const url = new URL(link!);
  return { email: url.searchParams.get('email')!, code: url.searchParams.get('code')! };
}

describe('staff', () => {
  it('are invited by mail, choose a password once, sign in, and are listed', async () => {
    const email = uniqueEmail('helper');
    const invited = await call('POST', '/staff/invite', owner.admin, { email, name: 'Meera', role: 'staff' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(StaffList.parse((await call('GET', '/staff', owner.admin)).json()).data).toContainEqual(
      expect.objectContaining({ email, role: 'staff', invited: true, disabled: false }),
    );
    const { code } = await invitation(email);
    expectError(
      await call(
        'POST',
        '/invite/accept',
        {},
        { email, code: code === '000000' ? '111111' : '000000', password: 'staff password 1' },
      ),
      400,
    );
    const accepted = await call('POST', '/invite/accept', {}, { email, code, password: 'staff password 1' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Single use.
    expectError(await call('POST', '/invite/accept', {}, { email, code, password: 'another password' }), 400);
    expect((await login(email, 'staff password 1')).statusCode).toBe(200);
    expect(StaffList.parse((await call('GET', '/staff', owner.admin)).json()).data).toContainEqual(
      expect.objectContaining({ email, invited: false }),
    );
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('late');
    await call('POST', '/staff/invite', owner.admin, { email, name: 'Late', role: 'staff' });
    const { code } = await invitation(email);
    await shop.app.ctx.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expectError(await call('POST', '/invite/accept', {}, { email, code, password: 'staff password 1' }), 400);
  });

  it('are disabled (signed out at once, sign-in refused) and enabled again; nobody disables themselves', async () => {
    const helper = await signUpStaff(shop.app, 'staff', 'disable-me');
    const list = StaffList.parse((await call('GET', '/staff', owner.admin)).json()).data;
    expect(list.find((s) => s.email === helper.email)).toBeDefined();
    const off = await call('POST', `/staff/${helper.user.id}/disable`, owner.admin);
    expect(off.statusCode, off.body).toBe(200);
    expect((await call('GET', '/me', helper.admin)).statusCode).toBe(401);
    expect((await login(helper.email, helper.password)).statusCode).toBe(403);
    const activity = (await call('GET', `/activity?entity_type=user&entity_id=${helper.user.id}`, owner.admin)).json<{
      data: { action: string }[];
    }>();
    // The disable, then the refused sign-in that followed it.
    expect(activity.data.slice(0, 2).map((a) => a.action)).toEqual(['staff.sign_in_failed', 'user.disable']);
    expect((await call('POST', `/staff/${helper.user.id}/enable`, owner.admin)).statusCode).toBe(200);
    expect((await login(helper.email, helper.password)).statusCode).toBe(200);
    expectError(await call('POST', `/staff/${owner.user.id}/disable`, owner.admin), 409);
    expectError(await call('POST', `/staff/999999/disable`, owner.admin), 404);
  });

  it('refuses an invitation of someone already on the staff, pointing to the role change, and bad input', async () => {
    const helper = await signUpStaff(shop.app, 'staff', 'already');
    const again = expectError(
      await call('POST', '/staff/invite', owner.admin, { email: helper.email, name: 'x', role: 'staff' }),
      409,
    );
    expect(again.message).toMatch(/already staff.*Change role/);
    // An invitation never changes a role: an admin invited as staff stays an admin.
    const other = await signUpStaff(shop.app, 'admin', 'already-admin');
    const demoted = expectError(
      await call('POST', '/staff/invite', owner.admin, { email: other.email, name: 'x', role: 'staff' }),
      409,
    );
    expect(demoted.message).toMatch(/already admin.*Change role/);
    expect(AdminMe.parse((await call('GET', '/me', other.admin)).json()).user.role).toBe('admin');
    expectError(await call('POST', '/staff/invite', owner.admin, { email: 'nope', name: 'x', role: 'staff' }), 400);
    expectError(
      await call('POST', '/staff/invite', owner.admin, { email: uniqueEmail('r'), name: 'x', role: 'owner' }),
      400,
    );
  });
});

describe('an invitation to an address a stranger registered first', () => {
  it("grants nothing until its link is used: the stranger's own password never opens the back office", async () => {
    // The stranger signs up on the storefront with the new hire's address (sign-up proves no email).
    const stranger = await signUp(shop.app, 'newhire', 'the stranger chose this');
    const email = stranger.email;
    const invited = await call('POST', '/staff/invite', owner.admin, { email, name: 'New hire', role: 'admin' });
    expect(invited.statusCode, invited.body).toBe(201);
    // Listed as a pending invitation, with the role it offers.
    expect(StaffList.parse((await call('GET', '/staff', owner.admin)).json()).data).toContainEqual(
      expect.objectContaining({ email, role: 'admin', invited: true }),
    );

    // The stranger's password is refused at the back office's door...
    expect(expectError(await login(email, stranger.password), 403).message).toBe(ADMIN_MESSAGES.noAccess);
    // ...and their session cannot act there (disabling the owner was shown).
    expectError(await call('POST', `/staff/${owner.user.id}/disable`, stranger.auth), 403);
    expectError(await call('PUT', `/staff/${owner.user.id}/role`, stranger.auth, { role: 'staff' }), 403);
    expect(AdminMe.parse((await call('GET', '/me', owner.admin)).json()).user.role).toBe('admin');
    // Until then the account is what it was: a shopper, whose storefront works as before.
    const shopperMe = await shop.app.inject({ url: '/api/v1/user/me', headers: stranger.auth });
    expect(UserResponse.parse(shopperMe.json()).user.role).toBe('customer');

    // The mailbox's owner uses the link, choosing a password: the role holds from then on.
    const { code } = await invitation(email);
    const accepted = await call('POST', '/invite/accept', {}, { email, code, password: 'the new hire chose this' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const signedIn = await login(email, 'the new hire chose this');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(AdminLoginResponse.parse(signedIn.json()).user.role).toBe('admin');
    // The stranger's password and sessions are gone, on both doors.
    expectError(await login(email, stranger.password), 401);
    const storefront = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password: stranger.password },
    });
    expectError(storefront, 401);
    expect((await shop.app.inject({ url: '/api/v1/user/me', headers: stranger.auth })).statusCode).toBe(401);
    expect(StaffList.parse((await call('GET', '/staff', owner.admin)).json()).data).toContainEqual(
      expect.objectContaining({ email, role: 'admin', invited: false }),
    );
  });

  it('leaves a new address a shopper account with no role until the link is used', async () => {
    const email = uniqueEmail('fresh-hire');
    await call('POST', '/staff/invite', owner.admin, { email, name: 'Fresh', role: 'staff' });
    const [row] = await shop.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('customer');
  });
});

describe('a role change', () => {
  it('is a call of its own, audited, for admins only', async () => {
    const helper = await signUpStaff(shop.app, 'staff', 'promote-me');
    const role = (who: StaffMember, body: object, headers = owner.admin) =>
      call('PUT', `/staff/${who.user.id}/role`, headers, body);
    const up = await role(helper, { role: 'admin' });
    expect(up.statusCode, up.body).toBe(200);
    expect(AdminMe.parse((await call('GET', '/me', helper.admin)).json()).permissions).toContain('staff.manage');
    const activity = AuditPage.parse(
      (await call('GET', `/activity?entity_type=user&entity_id=${helper.user.id}`, owner.admin)).json(),
    );
    expect(activity.data[0]).toMatchObject({
      action: 'staff.role',
      before: { role: 'staff' },
      after: { role: 'admin' },
      actor: { id: owner.user.id },
    });
    expect((await role(helper, { role: 'staff' })).statusCode).toBe(200);
    expect(AdminMe.parse((await call('GET', '/me', helper.admin)).json()).user.role).toBe('staff');
    // Staff may not change roles, theirs or anyone's.
    expectError(await role(owner, { role: 'staff' }, helper.admin), 403);
    expectError(await role(helper, { role: 'owner' }), 400);
    expectError(await role(helper, { role: 'customer' }), 400);
    const shopper = await signUp(shop.app, 'not-staff');
    expectError(await call('PUT', `/staff/${shopper.user.id}/role`, owner.admin, { role: 'admin' }), 404);
    expectError(await call('PUT', '/staff/999999/role', owner.admin, { role: 'admin' }), 404);
  });
});
