import type { AdminProductDetail } from '@shop/contract';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { expect, test } from './fixtures';

/**
 * The owner adds a product (issue #14 items 1-2): details, two colours × three
 * sizes with prices and stock, then Publish, refused while its colours have no
 * pictures (the pictures page comes from another branch; the merger extends
 * this journey to publishing). The unpublished product is 404 on the shop.
 * Only its own product is created and changed. At 375 px and 1440 px.
 */
test('the owner creates a product with a 2 × 3 grid and is told pictures are missing', async ({ page }, info) => {
  test.setTimeout(120_000);
  const shots = `/tmp/admin-shots/${info.project.name}`;
  const name = `E2E smocked frock ${info.project.name} ${Date.now().toString(36)}`;

  await adminSignIn(page);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-products.png`, fullPage: true });

  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New product');
  await page.getByRole('button', { name: 'Create product' }).click();
  // The browser's own checks stop an empty name; the server's are tested through the API.
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description (optional)').fill('Hand-smocked mulmul, soft on the skin.');
  await page.getByLabel('Care details (optional)').fill('Hand wash cold\nDry in shade');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Tags (optional)').fill('summer, smocked');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByRole('status')).toContainText('Product created (unpublished)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const id = Number(/\/admin\/products\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('link', { name: 'Pictures' })).toHaveAttribute('href', `/admin/products/${id}/pictures`);

  const choice = page.getByRole('form', { name: 'Colours and sizes' });
  const colours = choice.getByRole('group', { name: 'Colours' }).getByRole('checkbox');
  const sizes = choice.getByRole('group', { name: 'Sizes' }).getByRole('checkbox');
  await colours.nth(0).check();
  await colours.nth(1).check();
  for (const i of [0, 1, 2]) await sizes.nth(i).check();
  await choice.getByRole('button', { name: 'Make the grid' }).click();

  const grid = page.getByRole('form', { name: 'Variants' });
  const mrps = grid.getByLabel(/^MRP of /);
  await expect(mrps).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    await mrps.nth(i).fill('1499.50');
    await grid
      .getByLabel(/^Selling price of /)
      .nth(i)
      .fill(i === 0 ? '1599' : '1299.25');
    await grid
      .getByLabel(/^Stock of /)
      .nth(i)
      .fill(String(i + 2));
  }
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-product-grid.png`, fullPage: true });
  await grid.getByRole('button', { name: 'Save variants' }).click();
  // A price above the MRP is refused in words, and nothing was saved.
  await expect(page.getByRole('alert')).toContainText('selling price cannot be above the MRP');
  await page
    .getByRole('form', { name: 'Variants' })
    .getByLabel(/^Selling price of /)
    .first()
    .fill('1299.25');
  await page.getByRole('form', { name: 'Variants' }).getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByRole('status')).toHaveText('Variants saved.');
  await expect(
    page
      .getByRole('form', { name: 'Variants' })
      .getByLabel(/^Stock of /)
      .last(),
  ).toHaveValue('7');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert')).toContainText('Add a picture of the colour');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-product-refused.png`, fullPage: true });

  const product = (await (await page.request.get(`/api/v1/admin/products/${id}`)).json()) as AdminProductDetail;
  expect(product.variants).toHaveLength(6);
  expect(product.variants.every((v) => v.mrp === 1499.5 && v.selling_price === 1299.25)).toBe(true);
  expect(product.is_active).toBe(false);
  const shopPage = await page.goto(`/product/${product.variants[0]!.slug}`);
  expect(shopPage?.status()).toBe(404);

  // The list finds it by a tag, unpublished.
  await page.goto(`/admin/products?q=smocked&status=unpublished&sort=newest`);
  await expect(page.getByRole('link', { name }).filter({ visible: true })).toBeVisible();
});
