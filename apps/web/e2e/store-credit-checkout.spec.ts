import { ownerToken } from './after-the-sale-fixtures';
import {
  INDIAN_ADDRESS,
  expect,
  expectToast,
  formatRupees,
  gotoHydrated,
  orderFact,
  paymentSheet,
  sheetAmount,
  test,
  variantsOf,
  type ShopHelpers,
  type Shopper,
} from './fixtures';
import { creditOf, expectNoSidewaysScroll } from './store-credit-fixtures';

/**
 * Store credit spent at checkout (docs/product.md 'Store credit'): 'Use my store credit' takes it
 * off what is paid, the rest is paid online; credit that pays it all places a paid order.
 */

/** The shop gives the shopper credit (through the API: the back office's form has its own specs). */
async function giveCredit(shop: ShopHelpers, shopper: Shopper, amount: number, key: string) {
  await shop.api(`/admin/customers/${shopper.user.id}/credit`, {
    method: 'POST',
    token: await ownerToken(shop),
    body: { amount, reason: 'Sorry for the late parcel', request_key: key },
  });
}

test('part of the order paid with store credit, the rest online; the account shows where it went', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(90_000);
  const [piece] = variantsOf('bibs', { minStock: 10 });
  const shopper = await shop.shopper('credit-spend');
  await giveCredit(shop, shopper, 200, `spend-part-${info.project.name}-${Date.now()}`);
  await shop.addAddress(shopper, INDIAN_ADDRESS);
  await shop.setCart(shopper, piece!, 1);
  const total = piece!.price + 250;
  await shop.signInBrowser(page, shopper);

  await gotoHydrated(page, '/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(`Total${formatRupees(total)}`);
  await expect(summary).not.toContainText('Store credit');
  const use = page.getByRole('checkbox', { name: /Use my store credit/ });
  await expect(page.getByRole('group', { name: 'Store credit' })).toContainText('₹200 available');
  await use.check();
  // The page is priced again with the credit: the total stays, what is paid falls.
  await expect(summary).toContainText(`Store credit−${formatRupees(200)}`);
  await expect(summary).toContainText(`To pay${formatRupees(total - 200)}`);
  await expect(summary).toContainText(`Total${formatRupees(total)}`);
  await expect(page).toHaveURL(/credit=1/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/credit-checkout-${info.project.name}.png`, fullPage: true });

  await summary.getByRole('button', { name: 'Order Now' }).click();
  await expectToast(page, 'Order placed successfully! Please complete the payment.');
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('main')).toContainText(`Paid with store credit−${formatRupees(200)}`);
  await expect(page.getByRole('main')).toContainText(`To pay${formatRupees(total - 200)}`);
  expect((await creditOf(shop, shopper)).balance).toBe(0);

  await page.getByRole('button', { name: 'Make Payment' }).click();
  const sheet = paymentSheet(page);
  await expect(sheet).toBeVisible();
  // The provider is asked for the rest only.
  await sheet.getByRole('button', { name: `Pay ${sheetAmount(total - 200)}` }).click();
  await expectToast(page, 'Payment received. Thank you for your order!');
  await expect(page).toHaveURL(`/order-details?order=${orderId}`);
  await expect(orderFact(page, 'Status')).toHaveText('Packaging');
  await expect(orderFact(page, 'Total')).toHaveText(formatRupees(total));

  await page.goto('/my-profile/credit');
  const spends = page.getByRole('region', { name: 'Where you spent it' }).getByRole('listitem');
  await expect(spends).toHaveCount(1);
  await expect(spends).toContainText(`Order #${orderId}`);
  await expect(spends).toContainText(`−${formatRupees(200)}`);
  await expectNoSidewaysScroll(page);
});

test('store credit that pays it all places a paid order, with nothing to pay online', async ({ page, shop }, info) => {
  test.setTimeout(90_000);
  const [piece] = variantsOf('bibs', { minStock: 10 });
  const shopper = await shop.shopper('credit-all');
  await giveCredit(shop, shopper, 5_000, `spend-all-${info.project.name}-${Date.now()}`);
  await shop.addAddress(shopper, INDIAN_ADDRESS);
  await shop.setCart(shopper, piece!, 1);
  const total = piece!.price + 250;
  await shop.signInBrowser(page, shopper);

  await gotoHydrated(page, '/checkout?credit=1');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(page.getByRole('checkbox', { name: /Use my store credit/ })).toBeChecked();
  await expect(summary).toContainText(`To pay${formatRupees(0)}`);
  await expect(summary).toContainText('Your store credit pays for the whole order.');
  await summary.getByRole('button', { name: 'Order Now' }).click();
  await expectToast(page, 'Order placed and paid with your store credit. Thank you!');
  await expect(page).toHaveURL(/\/order-details\?order=\d+$/);
  await expect(orderFact(page, 'Payment status')).toHaveText('Paid');
  await expect(orderFact(page, 'Status')).toHaveText('Packaging');
  expect((await creditOf(shop, shopper)).balance).toBe(5_000 - total);
});
