import type { Browser, Page } from '@playwright/test';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { deliveredOrder } from './after-the-sale-fixtures';
import { adminCard, linesOf } from './exchange-fixtures';
import {
  CONSENT_COOKIE,
  expect,
  expectToast,
  formatRupees,
  gotoHydrated,
  orderFact,
  paymentSheet,
  rupees,
  sheetAmount,
  test,
  variantsOf,
  type ShopHelpers,
} from './fixtures';
import { creditOf, expectNoSidewaysScroll } from './store-credit-fixtures';

/**
 * After the sale, as one shopper lives it (docs/product.md 'After the sale', 'Store credit'): a
 * two-line delivered order; one line comes back refunded to the payment (the order stays
 * Delivered, its money Partly refunded); the other comes back as store credit; the credit pays
 * for the next order at checkout. Both return requests are made and accepted in the browsers.
 *
 * The goodwill refund by an admin, and a member of staff offered none, are after-the-sale.spec.ts's
 * first test: not repeated here.
 */

/** Dungarees past the first product (other specs buy that one); each project its own pieces. */
function pieces(project: string) {
  const all = variantsOf('dungarees', { minStock: 5 });
  const skip = project === 'phone' ? 0 : 3;
  const [next, second, first] = all.slice(-(skip + 3), all.length - skip);
  return { first: first!, second: second!, next: next! };
}

/** The owner's browser, signed in. */
async function ownerBrowser(browser: Browser, page: Page, shop: ShopHelpers) {
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: shop.baseUrl }]);
  const owner = await context.newPage();
  await adminSignIn(owner);
  return owner;
}

/** The owner opens the open return request of the order from the Returns list. */
async function openReturn(owner: Page, orderId: number) {
  await owner.goto('/admin/returns?state=open');
  await owner
    .getByRole('link', { name: `Order #${orderId}` })
    .filter({ visible: true })
    .first()
    .click();
  await expect(owner).toHaveURL(/\/admin\/returns\/\d+$/);
}

test('one line refunded to the payment, the other as store credit, the credit spent on the next order', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(180_000);
  const shots = `test-results/after-sale-journey-${info.project.name}`;
  const { first, second, next } = pieces(info.project.name);
  const shopper = await shop.shopper('journey');
  const order = await deliveredOrder(shop, shopper, [first, second]);
  const [one, two] = await linesOf(shop, shopper, order.id);
  await shop.signInBrowser(page, shopper);

  // 1. The shopper sends the first line back for their money.
  await gotoHydrated(page, `/contact-us?order=${order.id}`);
  let form = page.getByRole('region', { name: 'Return request form' });
  await form.locator(`select[name="qty_${one!.id}"]`).selectOption('1');
  await form.getByLabel('A problem with the quality').check();
  await form.getByLabel('My money back, the way I paid').check();
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();

  // The owner accepts it, refunded the way it was paid.
  const owner = await ownerBrowser(browser, page, shop);
  await openReturn(owner, order.id);
  const accept = adminCard(owner, 'Accept the return');
  await expect(accept.locator(`input[name="qty_${one!.id}"]`)).toHaveValue('1');
  await expect(accept.locator(`input[name="qty_${two!.id}"]`)).toHaveValue('0');
  await expect(accept.getByLabel('The way it was paid')).toBeChecked();
  await accept.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(owner.getByRole('status')).toContainText(
    'Return accepted: the refund has been asked of the provider and the shopper mailed',
  );
  await owner.goto(`/admin/orders/${order.id}`);
  const title = owner.getByRole('heading', { level: 1 }).locator('xpath=..');
  await expect(title).toContainText('Delivered');
  await expect(title).toContainText('Partly refunded');

  await page.goto(`/order-details?order=${order.id}`);
  await expect(orderFact(page, 'Status')).toHaveText('Delivered');
  await expect(orderFact(page, 'Payment status')).toHaveText('Partly refunded');
  await expect(page.getByRole('region', { name: 'Items' }).getByText('1 returned', { exact: true })).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  // 2. The other line comes back as store credit: the first is offered no more.
  await gotoHydrated(page, `/contact-us?order=${order.id}`);
  form = page.getByRole('region', { name: 'Return request form' });
  await expect(form.locator(`select[name="qty_${one!.id}"]`)).toHaveCount(0);
  await form.locator(`select[name="qty_${two!.id}"]`).selectOption('1');
  await form.getByLabel('The size does not fit').check();
  await form.getByLabel('Store credit, at once').check();
  await expectNoSidewaysScroll(page);
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();

  await openReturn(owner, order.id);
  await expect(accept.locator(`input[name="qty_${two!.id}"]`)).toHaveValue('1');
  await expect(accept.getByLabel(/^As store credit, at once/)).toBeChecked();
  await expectAxeClean(owner);
  await expectNoSidewaysScroll(owner);
  await owner.screenshot({ path: `${shots}-admin-credit-return.png`, fullPage: true });
  await accept.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(owner.getByRole('status')).toContainText(
    "Return accepted: the refund is in the shopper's store credit, and they have been mailed",
  );
  await owner.context().close();

  // The last piece gives back all that is left, shipping too: that much is in store credit.
  const credit = (await creditOf(shop, shopper)).balance;
  expect(credit).toBe(order.total - one!.price);
  const after = await shop.api<{ data: { money: { state: string } } }>(`/orders/${order.id}`, { token: shopper.token });
  expect(after.data.money.state).toBe('refunded');
  await page.goto('/my-profile/credit');
  await expect(page.getByTestId('credit-balance')).toHaveText(formatRupees(credit));
  await expect(page.getByText(`Refund for the return of order #${order.id}`)).toBeVisible();

  // 3. The credit pays for the next order at checkout.
  await shop.setCart(shopper, next, 1);
  await gotoHydrated(page, '/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(page.getByRole('group', { name: 'Store credit' })).toContainText(`${formatRupees(credit)} available`);
  await page.getByRole('checkbox', { name: /Use my store credit/ }).check();
  await expect(page).toHaveURL(/credit=1/);
  const total = rupees(/Total(₹[\d,.]+)/.exec((await summary.textContent())!)![1]!);
  const spent = Math.min(credit, total);
  await expect(summary).toContainText(`Store credit−${formatRupees(spent)}`);
  await expect(summary).toContainText(`To pay${formatRupees(total - spent)}`);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-checkout.png`, fullPage: true });
  await summary.getByRole('button', { name: 'Order Now' }).click();
  if (spent === total) {
    await expectToast(page, 'Order placed and paid with your store credit. Thank you!');
  } else {
    await expect(page).toHaveURL(/\/pay\?order=\d+$/);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await paymentSheet(page)
      .getByRole('button', { name: `Pay ${sheetAmount(total - spent)}` })
      .click();
    await expectToast(page, 'Payment received. Thank you for your order!');
  }
  await expect(page).toHaveURL(/\/order-details\?order=\d+$/);
  await expect(orderFact(page, 'Status')).toHaveText('Packaging');
  await expect(page.getByRole('main')).toContainText(`Paid with store credit−${formatRupees(spent)}`);
  expect((await creditOf(shop, shopper)).balance).toBe(credit - spent);
});
