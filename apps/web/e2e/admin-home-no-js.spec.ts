import { TINY_PNG } from './admin-home-fixtures';
import { E2E_ADMIN } from './env';
import { expect, test } from './fixtures';

/** The home page's banner form without scripts: files posted, a refusal explained, the banner added then removed. */
test('without scripts the owner adds a draft banner and removes it', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `No-JS banner ${Date.now()}`;
  await page.goto('/admin/login?redirectTo=%2Fadmin%2Fhome');
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home page');

  const fill = async () => {
    await page.getByLabel(/Desktop picture/).setInputFiles({ name: 'w.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByLabel(/Phone picture/).setInputFiles({ name: 't.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByLabel('Heading').fill(title);
    await page.getByLabel(/^Link/).fill('https://instagram.com/littleloom');
    await page.getByLabel(/^On: shown/).uncheck();
  };
  await fill();
  await page.getByLabel(/Shown from/).fill('2030-01-02T10:00');
  await page.getByLabel(/Shown until/).fill('2030-01-01T10:00');
  await page.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByRole('alert')).toContainText('the end must come after the start');
  await expect(page.getByLabel('Heading')).toHaveValue(title);

  await fill();
  await page.getByLabel(/Shown until/).fill('2030-01-03T10:00');
  await page.getByRole('button', { name: 'Add banner' }).click();
  await expect(page.getByRole('status')).toHaveText('Banner added.');
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Off (draft)');
  await item.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByRole('status')).toHaveText('Banner removed.');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});
