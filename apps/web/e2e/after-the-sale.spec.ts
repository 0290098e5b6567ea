import type { Browser, Page } from '@playwright/test';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { deliveredOrder, returnOnePiece, staffMember } from './after-the-sale-fixtures';
import {
  CONSENT_COOKIE,
  expect,
  formatRupees,
  orderCard,
  orderFact,
  test,
  variantsOf,
  type ShopHelpers,
  type Shopper,
} from './fixtures';

/**
 * After the sale (docs/product.md): a part given back (a goodwill amount, a returned
 * line) leaves the order delivered and its money partly refunded, on the
 * back office's order page and on the shopper's. At 375 px and 1440 px.
 */

const variants = (n: number, skip: number) =>
  variantsOf('nightwear', { minStock: 5 })
    .slice(-(skip + n))
    .slice(0, n);

const moneyCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Money', exact: true }) });

/** The order's heading with its badges (status, money) beside it. */
const pageTitle = (page: Page) => page.getByRole('heading', { level: 1 }).locator('xpath=..');

/** The page is never wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The shopper's own browser, signed in, on their order's page. */
async function shopperOrderPage(browser: Browser, page: Page, shop: ShopHelpers, shopper: Shopper, orderId: number) {
  // A context of its own: axe checks only the pages of a context the test made.
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: shop.baseUrl }]);
  const theirs = await context.newPage();
  await shop.signInBrowser(theirs, shopper);
  await theirs.goto(`/order-details?order=${orderId}`);
  return theirs;
}

test('an admin gives back part of a delivered order with a reason; it stays delivered, partly refunded', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(150_000);
  const shots = `/tmp/money-shots/${info.project.name}`;
  const shopper = await shop.shopper('goodwill');
  const order = await deliveredOrder(shop, shopper, variants(1, info.project.name === 'phone' ? 0 : 1));

  await adminSignIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.id}`);
  await expect(moneyCard(page)).toContainText('Paid');
  await expect(moneyCard(page)).toContainText(formatRupees(order.total));
  const form = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Refund an amount' }) });
  await expect(form).toContainText('mailed to the shopper');

  // More than was paid is refused beside the amount; what was typed stays.
  await form.getByLabel('Amount in rupees').fill(String(order.total + 1));
  await form.getByLabel(/^Reason/).fill('Your parcel reached you four days late.');
  await form.getByRole('button', { name: 'Refund and mail the shopper' }).click();
  await expect(form.getByText(/is more than is left of the payment/)).toBeVisible();
  await expect(form.getByLabel('Amount in rupees')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(/^Reason/)).toHaveValue('Your parcel reached you four days late.');

  await form.getByLabel('Amount in rupees').fill('200');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-admin-refund-form.png`, fullPage: true });
  await form.getByRole('button', { name: 'Refund and mail the shopper' }).click();
  await expect(page.getByRole('status')).toContainText('Refund recorded');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.id}`);
  // A new form for a new refund: a second click cannot send the same amount again.
  await expect(form.getByLabel('Amount in rupees')).toHaveValue('');
  const title = pageTitle(page);
  await expect(title).toContainText('Delivered');
  await expect(title).toContainText('Partly refunded');
  await expect(moneyCard(page)).toContainText('Partly refunded');
  await expect(moneyCard(page)).toContainText(formatRupees(order.total - 200));
  await expect(moneyCard(page)).toContainText('goodwill');
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-admin-money.png`, fullPage: true });

  await expect
    .poll(async () => (await shop.lastMail(shopper.email)).subject, { timeout: 15_000 })
    .toBe(`A refund for order #${order.id}`);
  expect((await shop.lastMail(shopper.email)).text).toContain('Your parcel reached you four days late.');

  const theirs = await shopperOrderPage(browser, page, shop, shopper, order.id);
  await expect(orderFact(theirs, 'Status')).toHaveText('Delivered');
  await expect(orderFact(theirs, 'Payment status')).toHaveText('Partly refunded');
  await expect(theirs.getByRole('region', { name: 'Refunds' })).toContainText(
    `Partly refunded: ₹200 of ${formatRupees(order.total)} given back`,
  );
  await expectNoSidewaysScroll(theirs);
  await expectAxeClean(theirs);
  await theirs.screenshot({ path: `${shots}-shopper-goodwill.png`, fullPage: true });
  await theirs.goto('/orders');
  await expect(orderCard(theirs, order.id)).toContainText(`Refunded₹200 of ${formatRupees(order.total)}`);
  await theirs.context().close();

  // A member of staff sees the money but is offered no refund.
  const staff = await staffMember(shop);
  const staffContext = await browser.newContext({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  const staffPage = await staffContext.newPage();
  await adminSignIn(staffPage, staff);
  await staffPage.goto(`/admin/orders/${order.id}`);
  await expect(moneyCard(staffPage)).toContainText('Partly refunded');
  await expect(staffPage.getByRole('heading', { name: 'Refund an amount' })).toHaveCount(0);
  await expect(staffPage.getByLabel('Amount in rupees')).toHaveCount(0);
  await staffContext.close();
});

test('a returned line leaves the two-line order delivered and partly refunded, the line showing 1 returned', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(150_000);
  const shots = `/tmp/money-shots/${info.project.name}`;
  const shopper = await shop.shopper('line-return');
  const order = await deliveredOrder(shop, shopper, variants(2, info.project.name === 'phone' ? 2 : 4));
  await returnOnePiece(shop, shopper, order.id);

  await adminSignIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  const title = pageTitle(page);
  await expect(title).toContainText('Delivered');
  await expect(title).toContainText('Partly refunded');
  await expect(moneyCard(page)).toContainText('Partly refunded');
  const items = page.locator('section').filter({ has: page.getByRole('heading', { name: /^Items/ }) });
  await expect(items.getByText('1 returned', { exact: true })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-admin-line-returned.png`, fullPage: true });

  const theirs = await shopperOrderPage(browser, page, shop, shopper, order.id);
  await expect(orderFact(theirs, 'Status')).toHaveText('Delivered');
  await expect(orderFact(theirs, 'Payment status')).toHaveText('Partly refunded');
  await expect(theirs.getByRole('region', { name: 'Items' }).getByText('1 returned', { exact: true })).toHaveCount(1);
  await expect(theirs.getByRole('region', { name: 'Refunds' })).toContainText('Partly refunded: ');
  await expectNoSidewaysScroll(theirs);
  await expectAxeClean(theirs);
  await theirs.screenshot({ path: `${shots}-shopper-line-returned.png`, fullPage: true });
  await theirs.context().close();
});
