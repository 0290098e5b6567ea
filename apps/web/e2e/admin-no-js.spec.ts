import { paidOrder } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { expect, test, variantsOf } from './fixtures';

/** The back office without scripts (issue #13): sign in, open an order, ship it through its confirm step. */
test('without scripts the owner signs in and ships an order', async ({ page, shop }) => {
  test.setTimeout(120_000);
  const shopper = await shop.shopper('admin-no-js');
  const order = await paidOrder(shop, shopper, variantsOf('rompers-jhablas', { minStock: 5 })[5]!);
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await page.getByLabel('Carrier').selectOption('other');
  await page.getByLabel(/Tracking URL/).fill('http://not-secure.example/1');
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByRole('alert')).toContainText('https://');
  await page.getByLabel(/Tracking URL/).fill('https://parcel.example/track/1');
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://parcel.example/track/1' })).toBeVisible();
});
