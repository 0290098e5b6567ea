import { adminSignIn, expectAxeClean, paidOrder } from './admin-fixtures';
import { expect, test, variantsOf } from './fixtures';

/**
 * Every back-office list drawn by the one DataTable: a table from the
 * list's breakpoint, cards below it, axe-clean and never wider than the
 * screen, at 375 px and 1440 px.
 */
const LISTS = [
  ['/admin/orders', 'Orders', 'orders'],
  ['/admin/returns?state=all', 'Returns', 'returns'],
  ['/admin/refunds', 'Refunds to look at', 'refunds'],
  ['/admin/customers', 'Shoppers', 'customers'],
  ['/admin/enquiries?status=new', 'Enquiries', 'enquiries'],
  ['/admin/products', 'Products', 'products'],
  ['/admin/staff', 'Staff', 'staff'],
  ['/admin/activity', 'Activity', 'activity'],
  ['/admin/back-in-stock', 'Back in stock', 'back-in-stock'],
] as const;

// In order, one worker: the first test makes an order and an enquiry, so those lists are not empty.
test.describe.configure({ mode: 'serial' });

test('the orders list reads as a table on a wide screen and as cards on a phone', async ({ page, shop }, info) => {
  test.setTimeout(90_000);
  const shopper = await shop.shopper('lists');
  const order = await paidOrder(shop, shopper, variantsOf('rompers-jhablas', { minStock: 5 })[5]!);
  await shop.api('/contacts', { method: 'POST', body: { name: 'List asker', email: shopper.email, message: 'Hello' } });
  await adminSignIn(page);
  const wide = info.project.name === 'desktop';
  await page.goto(`/admin/orders?q=${encodeURIComponent(shopper.email)}`);
  const table = page.getByRole('table', { name: 'Orders' });
  if (wide) {
    await expect(table.getByRole('columnheader')).toHaveText([
      'Select',
      'Order',
      'Placed',
      'Shopper',
      'Ship to',
      'Status',
      'Total',
    ]);
    await expect(table.getByRole('link', { name: `#${order.id}`, exact: true })).toBeVisible();
  } else {
    await expect(table).toBeHidden();
    await expect(page.getByRole('link', { name: new RegExp(`^Order #${order.id}\\b`) })).toBeVisible();
  }
});

for (const [path, heading, name] of LISTS) {
  // One test a list: nine pages, each checked by axe and drawn whole, are more than one test's time
  // on a busy machine.
  test(`the ${name} list fits the screen and is axe-clean`, async ({ page }, info) => {
    await adminSignIn(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expectAxeClean(page);
    await page.screenshot({ path: `/tmp/admin-kit-shots/list-${name}-${info.project.name}.png`, fullPage: true });
  });
}
