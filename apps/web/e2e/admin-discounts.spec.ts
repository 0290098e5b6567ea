import type { AdminDiscount } from '@shop/contract';
import type { Page } from '@playwright/test';
import { adminNavTo, adminSignIn, adminSignOut, expectAxeClean } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { expect, test, uniqueEmail } from './fixtures';

/**
 * Discount codes in the back office (docs/product.md 'Discount codes'): the
 * owner creates a code with the form, a refusal is shown beside its field,
 * the list finds it with its terms in words, and it is turned off from the
 * list. Staff see the codes without a way to change them. At 375 px and
 * 1440 px, axe-clean, no sideways scroll. Every code made here is left off.
 */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function checkPage(page: Page, shot: string) {
  await expectAxeClean(page);
  expect(await noSidewaysScroll(page)).toBe(true);
  await page.screenshot({ path: shot, fullPage: true });
}

test('the owner creates a code, finds it in the list and turns it off', async ({ page }, info) => {
  test.setTimeout(120_000);
  const shots = `/tmp/admin-shots/${info.project.name}`;
  const code = `E2E-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();

  await adminSignIn(page);
  await adminNavTo(page, 'Discounts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discounts');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/v1/admin/discounts/export.csv',
  );
  await checkPage(page, `${shots}-discounts.png`);

  await page.getByRole('link', { name: 'New code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New discount code');
  // The value field follows the kind: percent by default, rupees for an amount off, none for free shipping.
  await expect(page.getByLabel('Percent off (%)')).toBeVisible();
  await expect(page.getByLabel('Amount off (₹)')).toBeHidden();
  await page.getByRole('radio', { name: /^Free shipping/ }).check();
  await expect(page.getByLabel('Percent off (%)')).toBeHidden();
  await expect(page.getByLabel('Amount off (₹)')).toBeHidden();
  await expect(page.getByText('Free shipping takes nothing off the pieces')).toBeVisible();
  await page.getByRole('radio', { name: /^Amount off/ }).check();
  await expect(page.getByText('Free shipping takes nothing off the pieces')).toBeHidden();
  await expect(page.getByLabel('Amount off (₹)')).toBeVisible();

  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Amount off (₹)').fill('200');
  await page.getByLabel('Minimum order (₹) (optional)').fill('1000');
  await page.getByLabel('Starts (India time) (optional)').fill('2026-12-02T10:00');
  await page.getByLabel('Ends (India time) (optional)').fill('2026-12-01T10:00');
  await page.getByLabel('Total uses (optional)').fill('50');
  await page.getByLabel('Uses per shopper (optional)').fill('1');
  const categories = page.getByRole('group', { name: 'Only for these categories' }).getByRole('checkbox');
  await categories.first().check();
  await page.getByLabel('Note (for the shop; shoppers never see it) (optional)').fill('E2E test code');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Create code' }).click();

  // The end before the start is refused by the server, beside the end; what was typed stays.
  await expect(page.getByRole('alert').first()).toHaveText('Please check the fields marked below.');
  const ends = page.getByLabel('Ends (India time) (optional)');
  await expect(ends).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('the end must come after the start')).toBeVisible();
  await expect(page.getByLabel('Amount off (₹)')).toHaveValue('200');
  await expect(categories.first()).toBeChecked();
  await checkPage(page, `${shots}-discount-refused.png`);

  await page.getByLabel('Starts (India time) (optional)').fill('');
  await ends.fill('2030-12-31T23:59');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('status')).toHaveText('Code created.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(code);
  const id = Number(/\/admin\/discounts\/(\d+)/.exec(page.url())![1]);
  await checkPage(page, `${shots}-discount.png`);
  // Edited on its page: the form starts from what was saved.
  await expect(page.getByLabel('Ends (India time) (optional)')).toHaveValue('2030-12-31T23:59');
  await page.getByLabel('Total uses (optional)').fill('60');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Saved: checkout applies the new terms from now on.');
  await expect(page.getByLabel('Total uses (optional)')).toHaveValue('60');

  const saved = (await (await page.request.get(`/api/v1/admin/discounts/${id}`)).json()) as { data: AdminDiscount };
  expect(saved.data).toMatchObject({
    code,
    kind: 'amount',
    value: 200,
    min_subtotal: 1000,
    starts_at: null,
    ends_at: '2030-12-31T18:29:00.000Z',
    max_uses: 60,
    max_uses_per_buyer: 1,
    active: true,
    note: 'E2E test code',
    state: 'live',
  });
  expect(saved.data.category_ids).toHaveLength(1);

  // The list finds it by part of its code, with its terms in words.
  await page.goto(`/admin/discounts?q=${encodeURIComponent(code.slice(4).toLowerCase())}`);
  const entry = page
    .locator('li, tr')
    .filter({ has: page.getByRole('link', { name: code, exact: true }) })
    .filter({ visible: true });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('₹200 off');
  await expect(entry).toContainText('Min. order ₹1,000');
  await expect(entry).toContainText('Until 31 Dec 2030, 11:59 pm');
  await expect(entry).toContainText('Uses 0 / 60');
  await expect(entry).toContainText('Live');
  await checkPage(page, `${shots}-discounts-found.png`);

  await entry.getByRole('button', { name: `Turn off ${code}` }).click();
  await expect(page.getByRole('status')).toHaveText(`${code} is off: shoppers can no longer use it.`);
  await expect(entry).toContainText('Off');
  await expect(entry.getByRole('button', { name: `Turn on ${code}` })).toBeVisible();
  const off = (await (await page.request.get(`/api/v1/admin/discounts/${id}`)).json()) as { data: AdminDiscount };
  expect(off.data).toMatchObject({ active: false, state: 'off' });

  // The Off tab lists it; the Live tab does not.
  await page.getByRole('link', { name: 'Off', exact: true }).click();
  await expect(page).toHaveURL(/state=off/);
  await expect(page.getByRole('link', { name: code, exact: true }).filter({ visible: true })).toBeVisible();
  await page.getByRole('link', { name: 'Live', exact: true }).click();
  await expect(page.getByRole('link', { name: code, exact: true })).toHaveCount(0);
});

test('staff see the codes and their terms, with nothing to change', async ({ page, shop }, info) => {
  test.setTimeout(120_000);
  const code = `E2E-STAFF-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  const made = await shop.api<{ data: AdminDiscount }>('/admin/discounts', {
    method: 'POST',
    token,
    body: {
      code,
      kind: 'percent',
      value: 15,
      min_subtotal: 0,
      starts_at: null,
      ends_at: null,
      max_uses: null,
      max_uses_per_buyer: null,
      first_order_only: true,
      category_ids: [],
      collection_ids: [],
      exclude_sale_items: false,
      active: false,
      note: '',
    },
  });
  const email = uniqueEmail('disc-staff');
  await shop.api('/admin/staff/invite', { method: 'POST', token, body: { email, name: 'Ravi' } });
  const link = new URL(/https?:\/\/\S+\/admin\/invite\?\S+/.exec((await shop.lastMail(email)).text)![0]);
  await shop.api('/admin/invite/accept', {
    method: 'POST',
    body: { email, code: link.searchParams.get('code'), password: 'ravi staff password' },
  });

  await adminSignIn(page, { email, password: 'ravi staff password' });
  await page.goto(`/admin/discounts?q=${code}`);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New code' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Turn (on|off)/ })).toHaveCount(0);
  const entry = page.locator('li, tr').filter({ hasText: code }).filter({ visible: true });
  await expect(entry).toContainText('15% off');
  await expect(entry).toContainText('First order only');
  await page.getByRole('link', { name: code, exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(code);
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Save|Turn)/ })).toHaveCount(0);
  await checkPage(page, `/tmp/admin-shots/${info.project.name}-discount-staff.png`);

  const res = await page.goto(`/admin/discounts/new`);
  expect(res?.status()).toBe(403);
  const csv = await page.request.get('/api/v1/admin/discounts/export.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(code);
  const staffToken = (await page.context().cookies()).find((c) => c.name === 'admin_session')!.value;
  const forbidden = await fetch(`${shop.baseUrl}/api/v1/admin/discounts/${made.data.id}/active`, {
    method: 'POST',
    headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ active: true }),
  });
  expect(forbidden.status).toBe(403);
  await adminSignOut(page);
});
