import {
  AdminBanner,
  AdminHome,
  Announcement,
  BannersResponse,
  HomeCustomization,
  PickSearchResult,
  UploadedPicture,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.schema';
import { banners } from '../src/modules/catalog/catalog.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;
let picture: string;

beforeAll(async () => {
  shop = await createTestShop();
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
  const png = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#d08040' } })
    .png()
    .toBuffer();
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/pictures?alt=Festive',
    headers: { ...admin.admin, 'content-type': 'image/png' },
    payload: png,
  });
  picture = UploadedPicture.parse(res.json()).key;
});
afterAll(() => shop?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = admin) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: who.admin, ...(payload ? { payload } : {}) });
const storefrontBanners = async () =>
  BannersResponse.parse((await shop.app.inject({ method: 'GET', url: '/api/v1/banners' })).json()).data;
const adminHome = async () => AdminHome.parse((await call('GET', '/home')).json());

const banner = (over: Record<string, unknown> = {}) => ({
  large_image: picture,
  mobile_image: picture,
  title: 'Diwali edit',
  subtitle: 'Festive frocks',
  cta: 'Shop now',
  link: '/collections/festive',
  starts_at: null,
  ends_at: null,
  is_active: true,
  ...over,
});

describe('banners', () => {
  it('take a shop path or an https address as link, nothing else', async () => {
    for (const link of ['//evil.example/x', 'http://example.com', 'javascript:alert(1)', 'shop', '', 'https://']) {
      const refused = expectError(await call('POST', '/home/banners', banner({ link })), 400);
      expect(refused.errors.join(' ')).toMatch(/link/);
    }
    for (const link of ['/shop?sort=new', 'https://instagram.com/littleloom']) {
      const res = await call('POST', '/home/banners', banner({ link, is_active: false }));
      expect(res.statusCode, res.body).toBe(201);
      await call('DELETE', `/home/banners/${AdminBanner.parse(res.json()).id}`);
    }
    expectError(await call('POST', '/home/banners', banner({ large_image: 'no-such-picture' })), 400);
    expectError(
      await call(
        'POST',
        '/home/banners',
        banner({ starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-01T00:00:00Z' }),
      ),
      400,
    );
    expectError(await call('POST', '/home/banners', banner(), staff), 403);
  });

  it('show on the storefront only when on and within their dates; order moves up and down', async () => {
    const seeded = await storefrontBanners(); // cached now
    const hour = 60 * 60 * 1000;
    const made = async (over: Record<string, unknown>) => {
      const res = await call('POST', '/home/banners', banner(over));
      expect(res.statusCode, res.body).toBe(201);
      return AdminBanner.parse(res.json());
    };
    const now = await made({ title: 'Live now' });
    const later = await made({ title: 'Starts tomorrow', starts_at: new Date(Date.now() + 24 * hour).toISOString() });
    const over = await made({ title: 'Ended', ends_at: new Date(Date.now() - hour).toISOString() });
    const off = await made({ title: 'Switched off', is_active: false });
    const soon = await made({ title: 'Ends in a moment', ends_at: new Date(Date.now() + 1500).toISOString() });

    const titles = (await storefrontBanners()).map((b) => b.title);
    expect(titles).toEqual([...seeded.map((b) => b.title), 'Live now', 'Ends in a moment']);
    // The preview (/?preview=1 with a back-office session) shows drafts and banners not started, not ended ones.
    const preview = BannersResponse.parse((await call('GET', '/home/preview')).json()).data.map((b) => b.title);
    expect(preview).toEqual(expect.arrayContaining(['Live now', 'Starts tomorrow', 'Switched off']));
    expect(preview).not.toContain('Ended');
    expectError(await call('GET', '/home/preview', undefined, staff), 403);
    const listed = (await adminHome()).banners;
    expect(listed.find((b) => b.id === later.id)).toMatchObject({ live: false, is_active: true });
    expect(listed.find((b) => b.id === over.id)?.live).toBe(false);
    expect(listed.find((b) => b.id === off.id)?.live).toBe(false);
    expect(listed.find((b) => b.id === now.id)?.live).toBe(true);

    // The end passes with no write: the cached answer is dropped at that moment.
    await new Promise((r) => setTimeout(r, 1800));
    expect((await storefrontBanners()).map((b) => b.title)).not.toContain('Ends in a moment');

    // Move 'Live now' up one place: before the last seeded banner.
    expect((await call('POST', `/home/banners/${now.id}/move`, { direction: 'up' })).statusCode).toBe(200);
    const moved = (await storefrontBanners()).map((b) => b.title);
    expect(moved.indexOf('Live now')).toBe(seeded.length - 1);
    await call('POST', `/home/banners/${now.id}/move`, { direction: 'down' });
    expect((await storefrontBanners()).map((b) => b.title).indexOf('Live now')).toBe(seeded.length);

    // Edit and remove, audited.
    const edited = await call('PUT', `/home/banners/${now.id}`, banner({ title: 'Live, renamed' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await storefrontBanners()).map((b) => b.title)).toContain('Live, renamed');
    for (const b of [now, later, over, off, soon])
      expect((await call('DELETE', `/home/banners/${b.id}`)).statusCode).toBe(200);
    expectError(await call('DELETE', `/home/banners/${now.id}`), 404);
    expect((await storefrontBanners()).map((b) => b.title)).toEqual(seeded.map((b) => b.title));
    const entries = await shop.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `banner:${now.id}`));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'banner.delete',
      'banner.move',
      'banner.move',
      'banner.update',
    ]);
    expect(await shop.app.ctx.db.select().from(banners).where(eq(banners.id, now.id))).toEqual([]);
  });
});

describe('announcement bar', () => {
  it('is the shop’s default until set; empty means no bar', async () => {
    const read = async () =>
      Announcement.parse((await shop.app.inject({ method: 'GET', url: '/api/v1/announcement' })).json());
    expect((await read()).text).toMatch(/Handcrafted by Indian artisans/);
    expect((await call('PUT', '/home/announcement', { text: '  Free shipping over ₹999  ' })).statusCode).toBe(200);
    expect(await read()).toEqual({ text: 'Free shipping over ₹999' });
    expect((await adminHome()).announcement).toBe('Free shipping over ₹999');
    await call('PUT', '/home/announcement', { text: '' });
    expect(await read()).toEqual({ text: '' });
    expectError(await call('PUT', '/home/announcement', { text: 'x'.repeat(201) }), 400);
    expectError(await call('PUT', '/home/announcement', { text: 'hi' }, staff), 403);
  });
});

describe('home picks', () => {
  it('are found by name, replaced in the order given, and shown by the storefront', async () => {
    const home = await adminHome();
    const slider = home.sections.home_slider.map((p) => p.product_id);
    expect(slider.length).toBeGreaterThan(1);
    const found = PickSearchResult.parse(
      (
        await call('GET', `/home/products?q=${encodeURIComponent(home.sections.home_slider[0]!.name.slice(0, 5))}`)
      ).json(),
    );
    expect(found.data.map((p) => p.product_id)).toContain(slider[0]);

    const reordered = [...slider].reverse();
    expect((await call('PUT', '/home/sections/home_slider', { product_ids: reordered })).statusCode).toBe(200);
    const storefront = await shop.app.inject({ method: 'GET', url: '/api/v1/home-customization-products' });
    const ids = HomeCustomization.parse(storefront.json()).homeFirstRowCarouselProducts.map((p) => p.product_id);
    expect(ids).toEqual(reordered);
    expect((await adminHome()).sections.home_slider.map((p) => p.product_id)).toEqual(reordered);

    expectError(await call('PUT', '/home/sections/home_slider', { product_ids: [slider[0], slider[0]] }), 400);
    expectError(await call('PUT', '/home/sections/home_slider', { product_ids: [99999999] }), 400);
    expectError(await call('PUT', '/home/sections/nope', { product_ids: [] }), 400);
    const focused = home.sections.focused_collection;
    expect(focused.length).toBe(1);
    const other = home.collections.find((c) => c.id !== focused[0]!.collection_id)!;
    await call('PUT', '/home/sections/focused_collection', { items: [{ collection_id: other.id, content: 'New in' }] });
    expect((await adminHome()).sections.focused_collection).toEqual([
      { collection_id: other.id, name: other.name, slug: other.slug, content: 'New in' },
    ]);
    await call('PUT', '/home/sections/home_slider', { product_ids: slider });
  });
});
