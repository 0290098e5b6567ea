import type { AuditEntity, AuditEntry, AuditPage, AuditQuery } from '@shop/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { auditLog } from './audit.schema';
import { users } from '../accounts/accounts.schema';

export interface AuditRecord {
  /** What was done, as `<area>.<verb>` ('order.ship', 'staff.disable'). */
  action: string;
  entityType: AuditEntity;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  note?: string | null;
}

/**
 * The one way an admin write is recorded (the table refuses UPDATE and DELETE: migration 0011) (docs/product.md#back-office): called by every
 * admin write inside its own transaction, so the record exists exactly when
 * the change does. The actor is the unit of work's.
 */
export async function audit(work: UnitOfWork, record: AuditRecord): Promise<void> {
  if (!work.inTransaction) throw new Error('audit() runs inside the change’s transaction');
  const { actor } = work;
  await work.db.insert(auditLog).values({
    actorUserId: 'userId' in actor ? actor.userId : null,
    action: record.action,
    entityType: record.entityType,
    entityId: String(record.entityId),
    before: record.before ?? null,
    after: record.after ?? null,
    note: record.note ?? null,
  });
}

/**
 * A read worth knowing about (a download of shoppers' data, the catalogue): no change to
 * record it with, so it is written in a transaction of its own, before the file is sent.
 */
export const auditRead = (work: UnitOfWork, record: AuditRecord): Promise<void> =>
  work.transaction((w) => audit(w, record));

/** The log, newest first, a page at a time (keyset on id), optionally for one entity. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.entity_type) where.push(eq(auditLog.entityType, query.entity_type));
  if (query.entity_id) where.push(eq(auditLog.entityId, query.entity_id));
  if (query.before_id) where.push(lt(auditLog.id, query.before_id));
  const rows = await db
    .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const data = page.map(({ entry, actorName, actorEmail }): AuditEntry => ({
    id: entry.id,
    actor:
      entry.actorUserId === null ? null : { id: entry.actorUserId, name: actorName ?? '', email: actorEmail ?? '' },
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: entry.before,
    after: entry.after,
    note: entry.note,
    created_at: entry.createdAt.toISOString(),
  }));
  return { data, next_before_id: rows.length > query.limit ? (page.at(-1)?.entry.id ?? null) : null };
}
