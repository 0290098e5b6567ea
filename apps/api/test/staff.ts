import { AdminLoginResponse, type StaffRole } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ShopApp } from '../src/app';
import { users } from '../src/modules/accounts/accounts.schema';
import { signUp, type Shopper } from './shoppers';

export interface StaffMember extends Shopper {
  role: StaffRole;
  /** The back office's session (Bearer), apart from the storefront's `auth`. */
  admin: { authorization: string };
  adminToken: string;
}

/** A registered account given a back-office role, signed in to the back office. */
export async function signUpStaff(app: ShopApp, role: StaffRole, label: string = role): Promise<StaffMember> {
  const shopper = await signUp(app, label);
  await app.ctx.db.update(users).set({ role }).where(eq(users.id, shopper.user.id));
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/login',
    payload: { email: shopper.email, password: shopper.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = AdminLoginResponse.parse(res.json());
  return { ...shopper, role, adminToken: token, admin: { authorization: `Bearer ${token}` } };
}
