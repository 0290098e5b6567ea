import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { GstSummary } from '@shop/contract';
import { paidOrder } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { expect, formatRupees, test, variantsOf } from './fixtures';

/** The owner signs in to the back office through its own page. */
async function signIn(page: Page, to: string) {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`));
}

/** axe on the page; a mail preview's frame runs no script (sandbox), so axe stays out of it. */
async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).options({ iframes: false }).setLegacyMode(true).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('reports', () => {
  test('the owner downloads the orders CSV and reads the GST summary, on screen and as CSV', async ({ page }, info) => {
    await signIn(page, '/admin/reports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reports');
    await expect(page.getByRole('heading', { name: /GST summary for \d{4}-\d{2}/ })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/admin-shots/reports-${info.project.name}.png`, fullPage: true });

    const [orders] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download orders CSV' }).click(),
    ]);
    expect(orders.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await orders.path(), 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^order_id,placed_at,status,/);

    await page.getByLabel('Month').fill('2026-11');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('heading', { name: 'GST summary for 2026-11' })).toBeVisible();
    const [gst] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download GST CSV' }).click(),
    ]);
    expect(gst.suggestedFilename()).toBe('gst-2026-11.csv');
    expect(await readFile(await gst.path(), 'utf8')).toContain('B2C by place of supply and rate');
  });
});

test.describe('GST tables', () => {
  test("the month's figures read as a table on a wide screen and as cards on a phone", async ({ page, shop }, info) => {
    test.setTimeout(120_000);
    const shopper = await shop.shopper('gst-tables');
    await paidOrder(shop, shopper, variantsOf('rompers-jhablas', { minStock: 5 })[6]!);
    const month = new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 7);
    const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
    const gst = await shop.api<GstSummary>(`/admin/reports/gst?month=${month}`, { token });
    expect(gst.b2c.length).toBeGreaterThan(0);
    await signIn(page, `/admin/reports?month=${month}`);
    const b2c = page.getByRole('table', { name: 'By place of supply and rate' });
    const hsn = page.getByRole('table', { name: 'By HSN code' });
    const first = gst.b2c[0]!;
    if (info.project.name === 'desktop') {
      await expect(b2c.getByRole('columnheader')).toHaveText([
        'Document',
        'Place of supply',
        'Rate',
        'Count',
        'Taxable value',
        'CGST',
        'SGST',
        'IGST',
        'Total',
      ]);
      await expect(b2c.getByRole('row').last()).toHaveText(
        [
          'Total',
          ...[gst.totals.taxable, gst.totals.cgst, gst.totals.sgst, gst.totals.igst, gst.totals.total].map(
            formatRupees,
          ),
        ].join(''),
      );
      await expect(hsn.getByRole('row')).toHaveCount(gst.hsn.length + 1);
    } else {
      await expect(b2c).toBeHidden();
      await expect(hsn).toBeHidden();
      await expect(page.getByText(`Total ${formatRupees(gst.totals.total)}`, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(`${first.documents} documents`, { exact: true }).first()).toBeVisible();
      await expect(page.getByText(`HSN ${gst.hsn[0]!.hsn}`, { exact: true }).first()).toBeVisible();
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/admin-shots/reports-gst-${info.project.name}.png`, fullPage: true });
  });
});

test.describe('mail previews', () => {
  test('the owner reads each mail as HTML and as text', async ({ page }, info) => {
    await signIn(page, '/admin/mails');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mails');
    await page.getByRole('link', { name: 'Shipped, with the tracking link' }).click();
    await expect(page).toHaveURL(/\?mail=order_shipped$/);
    const frame = page.frameLocator('iframe[title^="HTML part"]');
    await expect(frame.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/DL12345678',
    );
    await expect(page.locator('pre')).toContainText(
      'Track your parcel: https://www.delhivery.com/track/package/DL12345678',
    );
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/admin-shots/mails-${info.project.name}.png`, fullPage: true });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the GST month and the mail list work as plain links and forms', async ({ page }) => {
    await signIn(page, '/admin/reports');
    await page.getByLabel('Month').fill('2026-10');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('heading', { name: 'GST summary for 2026-10' })).toBeVisible();
    await page.goto('/admin/mails');
    await page.getByRole('link', { name: 'Staff invitation' }).click();
    await expect(page.locator('pre')).toContainText('Choose your password: http');
  });
});
