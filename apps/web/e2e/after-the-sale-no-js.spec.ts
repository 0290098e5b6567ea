import { adminSignIn } from './admin-fixtures';
import { deliveredOrder } from './after-the-sale-fixtures';
import { expect, test, variantsOf } from './fixtures';

/** Without scripts the goodwill refund is a form post: a refusal stands beside its field, then the page says it was done. */
test('without scripts an admin refunds an amount of a delivered order', async ({ page, shop }) => {
  test.setTimeout(120_000);
  const shopper = await shop.shopper('goodwill-no-js');
  const order = await deliveredOrder(shop, shopper, variantsOf('nightwear', { minStock: 5 }).slice(-7, -6));
  await adminSignIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  const form = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Refund an amount' }) });
  await form.getByLabel('Amount in rupees').fill('150');
  await form.getByRole('button', { name: 'Refund and mail the shopper' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please check the fields marked below.');
  await expect(form.getByText('reason is required (the shopper is mailed it)')).toBeVisible();
  await expect(form.getByLabel('Amount in rupees')).toHaveValue('150');

  await form.getByLabel(/^Reason/).fill('A button came loose.');
  await form.getByRole('button', { name: 'Refund and mail the shopper' }).click();
  await expect(page.getByRole('status')).toContainText('Refund recorded');
  const money = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Money', exact: true }) });
  await expect(money).toContainText('Partly refunded');
  await expect(money).toContainText('₹150');
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();
});
