import type { AdminProductDetail } from '@shop/contract';
import { E2E_ADMIN } from './env';
import { expect, test } from './fixtures';

/** The product form and the variant grid without scripts: every step posts and the server answers. */
test('without scripts the owner creates a product, edits it and saves its variants', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `No-js romper ${Date.now().toString(36)}`;
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

  await page.goto('/admin/products/new');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category').selectOption({ index: 2 });
  await page.getByLabel('HSN code (optional)').fill('12');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('alert')).toContainText('Please check the fields');
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await page.getByLabel('HSN code (optional)').fill('');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('status')).toContainText('Product created');
  const id = Number(/\/admin\/products\/(\d+)/.exec(page.url())![1]);

  await page.getByLabel('Highlights (optional)').fill('Soft mulmul\nWooden buttons');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status')).toHaveText('Product saved.');
  await expect(page.getByLabel('Highlights (optional)')).toHaveValue('Soft mulmul\nWooden buttons');

  const choice = page.getByRole('form', { name: 'Colours and sizes' });
  await choice.getByRole('group', { name: 'Colours' }).getByRole('checkbox').first().check();
  await choice.getByRole('group', { name: 'Sizes' }).getByRole('checkbox').first().check();
  await choice.getByRole('button', { name: 'Make the grid' }).click();
  const grid = page.getByRole('form', { name: 'Variants' });
  await grid.getByLabel(/^MRP of /).fill('899');
  await grid.getByLabel(/^Selling price of /).fill('799.50');
  await grid.getByLabel(/^Stock of /).fill('3');
  await grid.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByRole('status')).toHaveText('Variants saved.');

  const product = (await (await page.request.get(`/api/v1/admin/products/${id}`)).json()) as AdminProductDetail;
  expect(product.highlights).toEqual(['Soft mulmul', 'Wooden buttons']);
  expect(product.variants).toMatchObject([{ mrp: 899, selling_price: 799.5, stock: 3, is_active: true }]);

  // Publishing without pictures is refused in words; then the product, never ordered, is deleted.
  await page.goto(`/admin/products/${id}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert')).toContainText('Add a picture of the colour');
  await page.getByText('Delete…').click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('status').first()).toHaveText('Product deleted.');
  expect((await page.request.get(`/api/v1/admin/products/${id}`)).status()).toBe(404);
});
