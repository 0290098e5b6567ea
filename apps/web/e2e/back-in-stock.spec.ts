import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { StockPage } from '@shop/contract';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { expect, gotoHydrated, hydrated, test, variantsOf, type ShopHelpers } from './fixtures';

/**
 * 'Tell me when it's back' (docs/product.md 'Back in stock'): a shopper asks
 * on a sold-out size, the owner sees them waiting and restocks the size in
 * the stock grid, and the shopper's mail arrives, once. Each project takes a
 * sold-out co-ord set no other spec reads (the no-js spec takes the third),
 * and puts its stock back to 0 in a `finally`.
 */
const soldOut = (project: string) =>
  variantsOf('co-ord-sets', { minStock: 0, maxStock: 0 })[project === 'phone' ? 0 : 1]!;

async function adminToken(shop: ShopHelpers) {
  return (await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN })).token;
}

async function stockOf(shop: ShopHelpers, token: string, variantId: number, name: string) {
  const page = await shop.api<StockPage>(`/admin/stock?q=${encodeURIComponent(name)}`, { token });
  return page.data.find((r) => r.variant_id === variantId)!;
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('a shopper asks on a sold-out size, the owner restocks it, and the mail arrives once', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(180_000);
  mkdirSync('/tmp/bis-shots', { recursive: true });
  const width = info.project.name;
  const variant = soldOut(width);
  const piece = `${variant.name} (${variant.size}, ${variant.color})`;
  const token = await adminToken(shop);
  const shopper = await shop.shopper('bis-e2e');
  try {
    // Signed out, the form asks for an email (the no-js spec sends it).
    await gotoHydrated(page, `/product/${variant.slug}`);
    const guestForm = page.getByRole('region', { name: "Tell me when it's back" });
    await expect(guestForm.getByLabel('Your email')).toBeVisible();
    await guestForm.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/bis-shots/${width}-guest-form.png` });
    await expectAxeClean(page);

    // The shopper, signed in, asks with one button: the account's email.
    await shop.signInBrowser(page, shopper);
    await gotoHydrated(page, `/product/${variant.slug}`);
    const form = page.getByRole('region', { name: "Tell me when it's back" });
    await expect(form).toContainText(shopper.email);
    await expect(form.getByLabel('Your email')).toHaveCount(0);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/bis-shots/${width}-form.png` });
    await expectAxeClean(page);
    await form.getByRole('button', { name: "Tell me when it's back" }).click();
    await expect(form.getByRole('status')).toContainText(`We'll email you at ${shopper.email} when ${piece} is back`);
    await expect(form.getByRole('status')).toContainText('the request lapses');
    await page.screenshot({ path: `/tmp/bis-shots/${width}-asked.png` });

    // The owner sees who waits, on the waiting list and on the product's page.
    await adminSignIn(page);
    await gotoHydrated(page, '/admin/back-in-stock');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back in stock');
    // A table row from 1024 px, a card below.
    const row = page.locator('tr, li').filter({ hasText: variant.name }).filter({ visible: true });
    await expect(row).toContainText('1 waiting');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `/tmp/bis-shots/${width}-admin-list.png`, fullPage: true });
    await expectAxeClean(page);
    await gotoHydrated(page, `/admin/products/${variant.productId}`);
    const waitingCard = page.getByText('Waiting for a size to come back');
    await expect(waitingCard).toBeVisible();
    await expect(page.getByText('1 waiting').filter({ visible: true }).first()).toBeVisible();
    await waitingCard.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/bis-shots/${width}-admin-product.png` });

    // The owner restocks the size in the stock grid.
    await page.goto(`/admin/stock?q=${encodeURIComponent(variant.name)}`);
    await hydrated(page);
    const cell = page.getByLabel(`Stock of ${variant.name}, ${variant.color}, ${variant.size}`);
    await expect(cell).toHaveValue('0');
    // Filled again until it holds: the grid may draw itself once more as its scripts start.
    await expect(async () => {
      await cell.fill('4');
      await expect(cell).toHaveValue('4', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toHaveText('1 saved');

    await expect
      .poll(async () => (await shop.lastMail(shopper.email)).subject, { timeout: 30_000 })
      .toBe(`Back in stock: ${piece}`);
    const mail = await shop.lastMail(shopper.email);
    expect(mail.text).toContain(`/product/${variant.slug}`);
    const stop = /(\/back-in-stock\/stop\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    // The way out's page (the request told, nothing else waits for this email).
    await gotoHydrated(page, stop);
    await expect(page.getByText(`Nothing is waiting for ${shopper.email}`)).toBeVisible();
    await page.screenshot({ path: `/tmp/bis-shots/${width}-stop.png` });
    await expectAxeClean(page);
    // Told once: it sells out and comes back, and only a new asker is told (that mail shows the step ran).
    const now = await stockOf(shop, token, variant.variantId, variant.name);
    await shop.api('/admin/stock', {
      method: 'POST',
      token,
      body: { changes: [{ variant_id: variant.variantId, field: 'stock', expected: now.stock, value: 0 }] },
    });
    const later = `bis-e2e-later-${Date.now()}@example.com`;
    await shop.api('/back-in-stock', { method: 'POST', body: { variant_id: variant.variantId, email: later } });
    await shop.api('/admin/stock', {
      method: 'POST',
      token,
      body: { changes: [{ variant_id: variant.variantId, field: 'stock', expected: 0, value: 2 }] },
    });
    await expect
      .poll(async () => (await shop.lastMail(later)).subject, { timeout: 30_000 })
      .toBe(`Back in stock: ${piece}`);
    expect((await shop.lastMail(shopper.email)).count).toBe(1);
    await gotoHydrated(page, '/admin/back-in-stock');
    await expect(page.getByText(`${variant.size} · ${variant.color}`)).toHaveCount(0);
  } finally {
    const now = await stockOf(shop, token, variant.variantId, variant.name);
    if (now.stock !== 0)
      await shop.api('/admin/stock', {
        method: 'POST',
        token,
        body: { changes: [{ variant_id: variant.variantId, field: 'stock', expected: now.stock, value: 0 }] },
      });
  }
});
