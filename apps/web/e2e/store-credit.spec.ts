import type { Browser, Page } from '@playwright/test';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { deliveredOrder } from './after-the-sale-fixtures';
import {
  CONSENT_COOKIE,
  expect,
  formatRupees,
  gotoHydrated,
  orderCard,
  orderFact,
  test,
  variantsOf,
  type ShopHelpers,
  type Shopper,
} from './fixtures';
import { creditCard, creditOf, expectNoSidewaysScroll, openShopperPage, shopDay } from './store-credit-fixtures';

/**
 * Store credit (docs/product.md 'Store credit', docs/back-office.md 'Store credit') as the owner
 * and a shopper use it: credit given from the shopper's page, read in the account, and a
 * return paid into it instead of back to the card. At 375 px and 1440 px.
 */

const shots = (project: string) => `/tmp/credit-shots/${project}`;

/** The shopper's own browser, signed in. */
async function shopperBrowser(browser: Browser, page: Page, shop: ShopHelpers, shopper: Shopper) {
  // A context of its own: axe checks only the pages of a context the test made.
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: shop.baseUrl }]);
  const theirs = await context.newPage();
  await shop.signInBrowser(theirs, shopper);
  return theirs;
}

test('the owner gives a shopper ₹250 of store credit with a reason; the shopper reads it in their account', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  const shopper = await shop.shopper('credit-grant');
  const reason = 'Sorry the frock reached you four days late';

  await adminSignIn(page);
  await openShopperPage(page, shopper.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shopper.user.name);
  const card = creditCard(page);
  await expect(card.getByTestId('credit-balance')).toHaveText('₹0');
  await gotoHydrated(page, page.url());
  await card.getByLabel('Give credit (rupees)').fill('₹250');
  await card.getByLabel('Reason (the shopper reads it)').fill(reason);
  const requestKey = await card.locator('input[name="request_key"]').inputValue();
  // A double click sends the form twice at most: the page's key gives the credit once.
  await card.getByRole('button', { name: 'Give store credit' }).dblclick();
  await expect(
    page.getByText('₹250 of store credit given: the shopper sees it in their account').first(),
  ).toBeVisible();
  await expect(card.getByTestId('credit-balance')).toHaveText('₹250');
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText(`From the shop: ${reason}`);
  await expect(card.getByRole('listitem')).toContainText('₹250 left');
  // Once given, the page draws an empty form with a new key.
  await expect(card.getByLabel('Give credit (rupees)')).toHaveValue('');
  await expect(card.locator('input[name="request_key"]')).not.toHaveValue(requestKey);

  // The same form sent once more (a tab left open, a resubmitted page) gives nothing more.
  const again = await page.request.post(page.url(), {
    headers: { origin: shop.baseUrl },
    form: { intent: 'credit', amount: '250', reason, request_key: requestKey },
  });
  // It answers as the first did, and adds nothing.
  expect(await again.text()).toContain('₹250 of store credit given: the shopper sees it in their account');
  const credit = await creditOf(shop, shopper);
  expect(credit.balance).toBe(250);
  expect(credit.entries).toHaveLength(1);
  const until = shopDay(credit.entries[0]!.expires_at);
  await page.reload();
  await expect(card.getByTestId('credit-balance')).toHaveText('₹250');
  await expect(card).toContainText(`₹250 expires on ${until}`);
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await card.screenshot({ path: `${shots(info.project.name)}-admin-credit-card.png` });

  // The shopper: My Profile shows the balance beside the link, the page says where it came from.
  const theirs = await shopperBrowser(browser, page, shop, shopper);
  await gotoHydrated(theirs, '/my-profile');
  const link = theirs.getByRole('link', { name: /^Store credit/ });
  await expect(link).toHaveText('Store credit₹250');
  await expectNoSidewaysScroll(theirs);
  await link.click();
  await expect(theirs).toHaveURL(/\/my-profile\/credit$/);
  await expect(theirs.getByRole('heading', { level: 1 })).toHaveText('Store credit');
  await expect(theirs.getByTestId('credit-balance')).toHaveText('₹250');
  await expect(theirs.getByText(`₹250 of it is yours to spend until ${until}.`)).toBeVisible();
  const entries = theirs.getByRole('region', { name: 'Where it came from' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(reason);
  await expect(entries).toContainText(`From the shop, ${shopDay(credit.entries[0]!.created_at)}`);
  await expect(entries).toContainText(`Until ${until}`);
  await expect(entries.getByRole('link')).toHaveCount(0);
  await expectNoSidewaysScroll(theirs);
  await expectAxeClean(theirs);
  await theirs.screenshot({ path: `${shots(info.project.name)}-shopper-credit.png`, fullPage: true });
  await theirs.context().close();
});

test('a returned piece is paid into the shopper’s store credit at once; the order is partly refunded', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(150_000);
  const shopper = await shop.shopper('credit-return');
  // Swaddles have stock to spare; each project buys its own two.
  const pieces = variantsOf('swaddles-blankets', { minStock: 5 }).slice(info.project.name === 'phone' ? 1 : 3);
  const order = await deliveredOrder(shop, shopper, pieces.slice(0, 2));

  // The shopper asks for a return from My Orders: one piece, why, and store credit rather than the money back.
  const theirs = await shopperBrowser(browser, page, shop, shopper);
  await gotoHydrated(theirs, '/orders');
  await orderCard(theirs, order.id).getByRole('link', { name: 'Return Order' }).click();
  const request = theirs.getByRole('region', { name: 'Return request form' });
  await request
    .getByRole('group', { name: 'Pieces you are sending back' })
    .getByRole('combobox')
    .first()
    .selectOption('1');
  await request.getByLabel('The size does not fit').check();
  await request.getByLabel('Store credit, at once').check();
  await request.getByRole('button', { name: 'Send return request' }).click();
  await expect(theirs.getByText(`We will reply by email with the next steps for order #${order.id}.`)).toBeVisible();

  await adminSignIn(page);
  await gotoHydrated(page, `/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'Decide on this return' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Return for order #${order.id}`);
  await expect(page.getByRole('group', { name: 'Give it back' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  // The shopper's piece and wish come chosen.
  await expect(page.getByRole('spinbutton').first()).toHaveValue('1');
  await expect(page.getByLabel('The chosen pieces’ price')).toBeChecked();
  await expect(page.getByLabel(/^As store credit, at once/)).toBeChecked();
  await page.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(
    page.getByText("Return accepted: the refund is in the shopper's store credit, and they have been mailed").first(),
  ).toBeVisible();
  await expect(page.getByText('This return was accepted.')).toBeVisible();

  // Paid at once: no provider to wait for.
  const credit = await creditOf(shop, shopper);
  expect(credit.entries).toHaveLength(1);
  const refunded = credit.entries[0]!.amount;
  expect(refunded).toBeGreaterThan(0);
  expect(refunded).toBeLessThan(order.total);
  await page.goto(`/admin/orders/${order.id}`);
  const money = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Money', exact: true }) });
  await expect(money).toContainText('Partly refunded');
  await expect(money).toContainText(formatRupees(order.total - refunded));
  await expect(page.getByRole('heading', { level: 1 }).locator('xpath=..')).toContainText('Delivered');

  // The shopper's store credit names the order, linked.
  await gotoHydrated(theirs, '/my-profile/credit');
  await expect(theirs.getByTestId('credit-balance')).toHaveText(formatRupees(refunded));
  const entry = theirs.getByRole('region', { name: 'Where it came from' }).getByRole('listitem');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Refund for the return of order #${order.id}`);
  await expect(entry).toContainText(`Refund, ${shopDay(credit.entries[0]!.created_at)}`);
  await expect(entry).toContainText(`Until ${shopDay(credit.entries[0]!.expires_at)}`);
  await expectNoSidewaysScroll(theirs);
  await expectAxeClean(theirs);
  await theirs.screenshot({ path: `${shots(info.project.name)}-shopper-credit-refund.png`, fullPage: true });
  await entry.getByRole('link', { name: `Order #${order.id}` }).click();
  await expect(theirs).toHaveURL(new RegExp(`/order-details\\?order=${order.id}$`));
  await expect(orderFact(theirs, 'Status')).toHaveText('Delivered');
  await expect(orderFact(theirs, 'Payment status')).toHaveText('Partly refunded');
  await theirs.context().close();
});
