import AxeBuilder from '@axe-core/playwright';
import { adminSignIn, paidOrder } from './admin-fixtures';
import { expect, test, variantsOf } from './fixtures';

/** The order messages page and the back office's list fit the screen and pass axe (docs/product.md 'Messages to shoppers'). */
test('order messages: the shopper chooses, the page fits and is accessible', async ({ page, shop }, info) => {
  const shopper = await shop.shopper('messages');
  await shop.signInBrowser(page, shopper);
  await page.goto('/my-profile/messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages and reminders');
  // Axe on the page as it opens (the success toast after saving is the shop's own, checked elsewhere).
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const orders = page.getByRole('form', { name: 'Order messages' });
  await orders.getByRole('checkbox', { name: 'SMS' }).check();
  await orders.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Your choice of order messages is saved.').first()).toBeVisible();
  await expect(orders.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
  // Order messages imply no marketing.
  await expect(
    page.getByRole('form', { name: 'Reminders and news' }).getByRole('checkbox', { name: 'SMS' }),
  ).not.toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => document.documentElement.clientWidth),
  );
  await page.screenshot({ path: `/tmp/order-messages-${info.project.name}.png`, fullPage: true });

  // An order paid: its SMS fails at once (the e2e shop's 'MSG91' answers 404), listed with why.
  const variant = variantsOf('rompers-jhablas', { minStock: 5 })[info.project.name === 'phone' ? 2 : 3]!;
  const order = await paidOrder(shop, shopper, variant);
  await adminSignIn(page);
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
  const row = page
    .getByRole('link', { name: `Order #${order.id}`, exact: true })
    .filter({ visible: true })
    .first();
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // The 404's words (the shop's own 'Not found') as the refusal, and the count of failures above.
  await expect(page.getByText('Not found', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /failed in the last 7 days/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filter' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => document.documentElement.clientWidth),
  );
  await page.screenshot({ path: `/tmp/admin-messages-${info.project.name}.png`, fullPage: true });
});
