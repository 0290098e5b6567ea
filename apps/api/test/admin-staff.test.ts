import { StaffList } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../src/modules/accounts/accounts.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { uniqueEmail } from './shoppers';
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

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
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
    expect(activity.data[0]!.action).toBe('user.disable');
    expect((await call('POST', `/staff/${helper.user.id}/enable`, owner.admin)).statusCode).toBe(200);
    expect((await login(helper.email, helper.password)).statusCode).toBe(200);
    expectError(await call('POST', `/staff/${owner.user.id}/disable`, owner.admin), 409);
    expectError(await call('POST', `/staff/999999/disable`, owner.admin), 404);
  });

  it('refuses an invitation of someone already on the staff, and bad input', async () => {
    const helper = await signUpStaff(shop.app, 'staff', 'already');
    expectError(
      await call('POST', '/staff/invite', owner.admin, { email: helper.email, name: 'x', role: 'staff' }),
      409,
    );
    expectError(await call('POST', '/staff/invite', owner.admin, { email: 'nope', name: 'x', role: 'staff' }), 400);
    expectError(
      await call('POST', '/staff/invite', owner.admin, { email: uniqueEmail('r'), name: 'x', role: 'owner' }),
      400,
    );
  });
});
