import { isStaffRole, type StaffRole } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { users } from '../../accounts/accounts.schema';
import { keepAnAdmin } from '../../accounts/admins';
import { notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';

/**
 * Makes a member of staff admin, or an admin staff (docs/back-office.md):
 * its own audited call, never a side effect of an invitation. A demotion
 * that would leave no admin who can sign in is refused inside the
 * transaction (`keepAnAdmin` locks the admins first). The new role holds
 * from the person's next call: the guard reads it every time.
 * Answers whether anything changed.
 */
export async function changeRole(work: UnitOfWork, userId: number, role: StaffRole): Promise<boolean> {
  return work.transaction(async (w) => {
    if (role !== 'admin') await keepAnAdmin(w.db, userId);
    const [user] = await w.db.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.deletedAt || !isStaffRole(user.role)) {
      throw notFound('No such member of staff (an invitation not yet used changes its role by inviting again)');
    }
    if (user.role === role) return false;
    await w.db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(w, {
      action: 'staff.role',
      entityType: 'user',
      entityId: userId,
      before: { role: user.role },
      after: { role },
    });
    return true;
  });
}
