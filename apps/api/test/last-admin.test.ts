import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { AppError } from '../src/lib/errors';
import { users } from '../src/modules/accounts/accounts.schema';
import { changeRole } from '../src/modules/admin/staff/roles';
import { setAccountDisabled } from '../src/modules/admin/staff/staff.service';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

/** The shop always keeps an admin who can sign in: every change that would leave none is refused. */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop(); // a database of its own: no admin but the ones made here
});
afterAll(() => shop.close());

const as = (s: StaffMember) => unitOfWork(shop.app.ctx, { kind: 'admin', userId: s.user.id });
const enabledAdmins = async () =>
  (
    await shop.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt), isNull(users.deletedAt)))
  ).map((r) => r.id);
const setRole = (who: StaffMember, target: StaffMember, role: 'staff' | 'admin') =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/staff/${target.user.id}/role`,
    headers: who.admin,
    payload: { role },
  });
const deleteOwnAccount = (who: StaffMember) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/user/delete',
    headers: who.auth,
    payload: { password: who.password },
  });

function oneWinner(outcomes: PromiseSettledResult<unknown>[]) {
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  const refused = outcomes.find((o) => o.status === 'rejected');
  expect(refused?.reason).toBeInstanceOf(AppError);
  expect((refused!.reason as AppError).kind).toBe('conflict');
}

describe('the last enabled admin', () => {
  it('cannot be taken away by two admins acting at once, however they do it', async () => {
    const [a, b] = await Promise.all([
      signUpStaff(shop.app, 'admin', 'first'),
      signUpStaff(shop.app, 'admin', 'second'),
    ]);
    // Each demotes the other at the same moment: each alone would leave one admin, both none.
    oneWinner(await Promise.allSettled([changeRole(as(a), b.user.id, 'staff'), changeRole(as(b), a.user.id, 'staff')]));
    expect(await enabledAdmins()).toHaveLength(1);

    const [winnerId] = await enabledAdmins();
    const [winner, loser] = winnerId === a.user.id ? [a, b] : [b, a];
    expect((await setRole(winner, loser, 'admin')).statusCode).toBe(200);
    // One disables the other while the other demotes them.
    oneWinner(
      await Promise.allSettled([
        setAccountDisabled(as(winner), loser.user.id, true, 'staff'),
        changeRole(as(loser), winner.user.id, 'staff'),
      ]),
    );
    expect(await enabledAdmins()).toHaveLength(1);
  });

  it('cannot demote itself, nor delete its own account; a deleted admin never counts', async () => {
    const lastAdmin = await signUpStaff(shop.app, 'admin', 'lone');
    // Make `lone` the only enabled admin: the others step down.
    for (const id of await enabledAdmins()) {
      if (id === lastAdmin.user.id) continue;
      await changeRole(as(lastAdmin), id, 'staff');
    }
    expect(await enabledAdmins()).toEqual([lastAdmin.user.id]);

    const demote = expectError(await setRole(lastAdmin, lastAdmin, 'staff'), 409);
    expect(demote.message).toMatch(/at least one admin/);
    const gone = expectError(await deleteOwnAccount(lastAdmin), 409);
    expect(gone.message).toMatch(/at least one admin/);
    expect(await enabledAdmins()).toEqual([lastAdmin.user.id]);

    // Another admin deletes their own account: allowed, and the deleted account no longer counts.
    const other = await signUpStaff(shop.app, 'admin', 'leaving');
    const left = await deleteOwnAccount(other);
    expect(left.statusCode, left.body).toBe(200);
    const [{ admins } = { admins: 0 }] = await shop.app.ctx.db
      .select({ admins: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
    expect(admins).toBe(2); // the deleted one keeps its role on the row...
    expectError(await setRole(lastAdmin, lastAdmin, 'staff'), 409); // ...but is not an admin who can sign in
  });
});
