import { AuditPage, type AuditEntry } from '@shop/contract';
import { desc, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { auditLog } from '../src/modules/audit/audit.schema';
import { audit } from '../src/modules/audit/audit.service';
import { createTestShop, type TestShop } from './helpers';
import { uniqueEmail } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

/** What the back office's activity log keeps beyond its writes (docs/security.md 'The back office's doors'). */
let shop: TestShop;
let owner: StaffMember;
beforeAll(async () => {
  shop = await createTestShop();
  owner = await signUpStaff(shop.app, 'admin', 'audited-owner');
});
afterAll(() => shop.close());

const admin = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = owner.admin, payload?: object) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers, ...(payload ? { payload } : {}) });
/** The newest entries of an action, newest first, as the activity page lists them. */
async function entries(action: string): Promise<AuditEntry[]> {
  const page = AuditPage.parse((await admin('GET', '/activity?limit=200')).json());
  return page.data.filter((e) => e.action === action);
}

describe('the audit log records', () => {
  it('back-office sign-ins, failed ones by the email tried (never the password), and sign-outs', async () => {
    const helper = await signUpStaff(shop.app, 'staff', 'audited-helper');
    expect((await entries('staff.sign_in'))[0]).toMatchObject({
      entity_type: 'user',
      entity_id: String(helper.user.id),
      actor: { id: helper.user.id },
    });

    const wrong = await admin('POST', '/login', {}, { email: helper.email, password: 'not the password at all' });
    expect(wrong.statusCode).toBe(401);
    const nobody = uniqueEmail('nobody');
    expect((await admin('POST', '/login', {}, { email: nobody, password: 'guessing away' })).statusCode).toBe(401);
    const failed = await entries('staff.sign_in_failed');
    expect(failed[0]).toMatchObject({ entity_id: 'unknown', actor: null, after: { email: nobody } });
    expect(failed[1]).toMatchObject({ entity_id: String(helper.user.id), after: { email: helper.email } });
    expect(JSON.stringify(failed)).not.toMatch(/not the password|guessing away/);
    const [row] = await shop.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'staff.sign_in_failed'));
    expect(JSON.stringify(row)).not.toMatch(/not the password|guessing away/);

    expect((await admin('POST', '/logout', helper.admin)).statusCode).toBe(200);
    expect((await entries('staff.sign_out'))[0]).toMatchObject({
      entity_id: String(helper.user.id),
      actor: { id: helper.user.id },
    });
  });

  it('picture uploads and zips of pictures', async () => {
    const png = await sharp({ create: { width: 12, height: 10, channels: 3, background: '#a03050' } })
      .png()
      .toBuffer();
    const uploaded = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/pictures?alt=Audited',
      headers: { ...owner.admin, 'content-type': 'image/png' },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { key } = uploaded.json<{ key: string }>();
    expect((await entries('picture.upload'))[0]).toMatchObject({
      entity_type: 'product',
      entity_id: `picture:${key}`,
      actor: { id: owner.user.id },
      after: { alt: 'Audited' },
    });

    const zip = Buffer.from(zipSync({ 'a.png': png, 'notes.txt': new TextEncoder().encode('hello') }));
    const zipped = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import/pictures',
      headers: { ...owner.admin, 'content-type': 'application/zip' },
      payload: zip,
    });
    expect(zipped.statusCode, zipped.body).toBe(200);
    expect((await entries('catalog.import_pictures'))[0]).toMatchObject({
      entity_type: 'product',
      entity_id: 'import-pictures',
      after: { bytes: zip.length, pictures: ['a.png'], refused: ['notes.txt'] },
    });
  });

  it('downloads of the catalogue and of the orders CSV (shoppers’ data), not the GST summary', async () => {
    expect((await admin('GET', '/catalog/export.csv')).statusCode).toBe(200);
    expect((await entries('catalog.export'))[0]).toMatchObject({ entity_type: 'product', entity_id: 'export' });

    expect((await admin('GET', '/reports/orders.csv?from=2027-01-01&to=2027-01-31')).statusCode).toBe(200);
    expect((await entries('report.download'))[0]).toMatchObject({
      entity_type: 'order',
      entity_id: 'orders.csv',
      after: { from: '2027-01-01', to: '2027-01-31' },
      actor: { id: owner.user.id },
    });
    const before = (await entries('report.download')).length;
    expect((await admin('GET', '/reports/gst.csv?month=2027-01')).statusCode).toBe(200);
    expect(await entries('report.download')).toHaveLength(before);
  });
});

describe('the audit log', () => {
  /** The database's own refusal, under whatever the driver wraps it in. */
  const refusal = (query: PromiseLike<unknown>) =>
    Promise.resolve(query).then(
      () => 'done',
      (err: { message: string; cause?: { message: string } }) => err.cause?.message ?? err.message,
    );

  it('is append-only: its rows are never updated nor deleted, whoever asks', async () => {
    const { db } = shop.app.ctx;
    await unitOfWork(shop.app.ctx, { kind: 'admin', userId: owner.user.id }).transaction((w) =>
      audit(w, { action: 'order.note', entityType: 'order', entityId: 1, after: { note: 'kept' } }),
    );
    const [last] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(last).toMatchObject({ action: 'order.note', after: { note: 'kept' } });
    expect(await refusal(db.update(auditLog).set({ note: 'rewritten' }).where(eq(auditLog.id, last!.id)))).toMatch(
      /audit_log is append-only/,
    );
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.id, last!.id)))).toMatch(/audit_log is append-only/);
    const [still] = await db.select().from(auditLog).where(eq(auditLog.id, last!.id));
    expect(still).toEqual(last);
  });
});
