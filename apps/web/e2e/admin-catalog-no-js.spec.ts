import sharp from 'sharp';
import { adminSignIn } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { expect, test } from './fixtures';

/** Without scripts (issue #14): a category's picture goes up with a plain multipart form post. */
test('without scripts the owner creates a category with a picture, and a bad file gets a clear message', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `No-js bonnets ${Date.now() % 100000}`;
  await adminSignIn(page, E2E_ADMIN);
  await page.goto('/admin/categories');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page
    .getByLabel('Picture', { exact: true })
    .setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') }]);
  await page.getByRole('button', { name: 'Create the category' }).click();
  await expect(page.getByRole('alert')).toContainText('notes.png: Choose a JPEG, PNG, WebP, HEIC or AVIF picture');

  const photo = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#8f2f6f' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page
    .getByLabel('Picture', { exact: true })
    .setInputFiles([{ name: 'bonnet.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await page.getByRole('button', { name: 'Create the category' }).click();
  await expect(page.getByText('Saved: the shop lists it now.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.locator('img')).toHaveAttribute('src', /\/images\/160\/upload\//);

  // Delete it again: the shop's lists are shared by every spec.
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete the category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\?done=deleted/);
});
