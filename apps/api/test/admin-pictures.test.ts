import { UploadedPicture } from '@shop/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/modules/images/images.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop?.close());

const upload = (who: StaffMember, body: Buffer, contentType = 'image/jpeg', alt?: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/pictures${alt === undefined ? '' : `?alt=${encodeURIComponent(alt)}`}`,
    headers: { ...who.admin, 'content-type': contentType },
    payload: body,
  });

describe('picture upload', () => {
  it('stores a photo in the database, turned upright, and serves it at the shop widths', async () => {
    const photo = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#c05030' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // The name and type the browser gives do not matter: the content does.
    const res = await upload(admin, photo, 'application/octet-stream', 'A red frock');
    expect(res.statusCode, res.body).toBe(201);
    const picture = UploadedPicture.parse(res.json());
    expect(picture).toMatchObject({ width: 30, height: 60, alt: 'A red frock' });
    const [row] = await shop.app.ctx.db.select().from(images).where(eq(images.key, picture.key));
    expect(row?.mime).toBe('image/jpeg');

    const served = await shop.app.inject({ method: 'GET', url: picture.url.replace('/640/', '/160/') });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    // The same picture again is the same key.
    expect(UploadedPicture.parse((await upload(admin, photo)).json()).key).toBe(picture.key);
  });

  it('refuses what is not a picture, with a clear message, and anyone but an admin', async () => {
    const text = await upload(admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(expectError(text, 400).message).toBe('Choose a JPEG, PNG, WebP, HEIC or AVIF picture');
    expectError(await upload(admin, Buffer.alloc(0)), 400);
    const photo = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectError(await upload(staff, photo), 403);
    const anonymous = await shop.app.inject({ method: 'POST', url: '/api/v1/admin/pictures', payload: photo });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a file over 15 MB before reading it', async () => {
    const res = await upload(admin, Buffer.alloc(15 * 1024 * 1024 + 2));
    expect(res.statusCode).toBe(413);
  });
});
