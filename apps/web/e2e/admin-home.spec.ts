import { readFile, writeFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { TINY_PNG } from './admin-home-fixtures';
import { E2E_ADMIN } from './env';
import { expect, test } from './fixtures';

async function signIn(page: Page, to: string) {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).options({ iframes: false }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('the owner adds a banner as a draft, previews it, switches it on, then removes it', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  const title = `E2E banner ${info.project.name} ${Date.now()}`;
  await signIn(page, '/admin/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home page');
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectAxeClean(page);

  await page.getByLabel(/Desktop picture/).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByLabel(/Phone picture/).setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByLabel('Heading').fill(title);
  await page.getByLabel('Text', { exact: true }).fill('Made by hand for the festive days');
  await page.getByLabel(/^Link/).fill('/shop');
  await page.getByLabel(/^On: shown/).uncheck();
  await page.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByRole('status')).toHaveText('Banner added.');
  const item = page.getByRole('list', { name: 'Banners in order' }).getByRole('listitem').filter({ hasText: title });
  try {
    await expect(item).toContainText('Off (draft)');
    // A draft is not on the storefront, but is in the preview.
    const live = await shop.api<{ data: { title: string }[] }>('/banners');
    expect(live.data.map((b) => b.title)).not.toContain(title);
    await page.getByRole('link', { name: 'Preview the home page' }).click();
    const phone = page.frameLocator('iframe[title="Home page preview on a phone"]');
    await expect(phone.getByRole('heading', { name: 'Handpicked for You' })).toBeVisible();
    const previewed = await page.request.get('/?preview=1');
    expect(await previewed.text()).toContain(title);
    await page.screenshot({ path: `/tmp/home-shots/home-preview-${info.project.name}.png`, fullPage: true });

    // Switch it on: the storefront's banners now include it (at the end: the first banner stays first).
    await page.getByRole('link', { name: 'Close the preview' }).click();
    await expect(page.locator('#preview')).toHaveCount(0);
    await item.getByRole('link', { name: /^Edit/ }).click();
    await expect(page.getByRole('heading', { name: /^Edit the banner/ })).toBeVisible();
    await page.getByLabel(/^On: shown/).check();
    await page.getByRole('button', { name: 'Save banner' }).click();
    await expect(page.getByRole('status')).toHaveText('Banner saved.');
    await expect(item).toContainText('On the home page');
    const after = await shop.api<{ data: { title: string }[] }>('/banners');
    expect(after.data.at(-1)?.title).toBe(title);
  } finally {
    await page.goto('/admin/home');
    await item.getByRole('button', { name: /^Remove/ }).click();
    await expect(page.getByRole('status')).toHaveText('Banner removed.');
  }
  const gone = await shop.api<{ data: { title: string }[] }>('/banners');
  expect(gone.data.map((b) => b.title)).not.toContain(title);
});

test('the owner exports the catalogue and imports it back with no change', async ({ page }, info) => {
  test.setTimeout(120_000);
  const slug = `e2e-import-frock-${info.project.name}`;
  await signIn(page, '/admin/catalog/import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import / export');
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectAxeClean(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download catalogue CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const full = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = full
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(header).toMatch(/^product_slug,product_name,category_slug,/);

  // The whole export reads back with nothing refused (other specs sell meanwhile: stock may move).
  const checkFile = async (name: string, text: string) => {
    const path = info.outputPath(name);
    await writeFile(path, text);
    await page.getByLabel('CSV file').setInputFiles(path);
    await page.getByRole('button', { name: 'Check the file' }).click();
    await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible();
  };
  const count = (k: string) => page.locator(`[data-count="${k}"]`);
  await checkFile('full.csv', full);
  await expect(count('refused')).toHaveText('0');
  await expect(count('create')).toHaveText('0');

  // A product of this spec's own: created by an import, then exported and imported back unchanged.
  const category = rows[0]!.split(',')[2];
  const own = [
    header,
    `${slug},E2E Import Frock,${category},,Made for the e2e,Hand wash,Soft,6111,e2e,no,E2E-${info.project.name}-1,Import Green,#2f8f4f,2-3Y,899.00,799.00,3,yes,`,
    `${slug},E2E Import Frock,${category},,Made for the e2e,Hand wash,Soft,6111,e2e,no,E2E-${info.project.name}-2,Import Green,#2f8f4f,3-4Y,899.00,799.00,5,yes,`,
  ].join('\r\n');
  await checkFile('own.csv', own);
  await expect(count('create')).toHaveText('2');
  await page.getByRole('button', { name: /^Apply: 2 new/ }).click();
  await expect(page.getByRole('status')).toContainText('Imported: 2 created');
  await page.screenshot({ path: `/tmp/home-shots/import-${info.project.name}.png`, fullPage: true });

  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download catalogue CSV' }).click(),
  ]);
  const exported = (await readFile(await again.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  const mine = exported.filter((l) => l.startsWith(`${slug},`));
  expect(mine).toHaveLength(2);
  await checkFile('mine.csv', [exported[0], ...mine].join('\r\n'));
  await expect(count('unchanged')).toHaveText('2');
  await expect(count('change')).toHaveText('0');
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
});
