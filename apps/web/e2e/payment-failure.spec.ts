import {
  expect,
  expectToast,
  formatRupees,
  orderCard,
  orderFact,
  paymentSheet,
  sheetAmount,
  test,
  toastsGone,
  variantsOf,
} from './fixtures';

test('a failed payment can be retried from My Orders with Pay Now', async ({ page, shop }) => {
  // Placing the order is checkout.spec's journey: here it is set up through the API.
  const product = variantsOf('hair-accessories', { minStock: 10 })[0]!;
  const shopper = await shop.shopper('payfail');
  const address = await shop.addAddress(shopper);
  await shop.setCart(shopper, product, 1);
  const order = await shop.placeOrder(shopper, address.id);
  expect(order.status).toBe('created');
  await shop.signInBrowser(page, shopper);

  await page.goto(`/pay?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your payment');
  await expect(page.getByText('If a payment fails, you can retry it from My Orders.')).toBeVisible();
  await page.getByRole('button', { name: 'Make Payment' }).click();
  const sheet = paymentSheet(page);
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Simulate failure' }).click();
  // The sheet stays open after a failure, so the shopper may retry there; they close it instead.
  await expect(sheet.getByRole('alert')).toHaveText('Payment failed: the test payment was declined.');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();

  const notice = page.getByRole('main').getByRole('alert');
  await expect(notice).toContainText('Payment failed: the test payment was declined.');
  await expect(notice).toContainText('Nothing was charged.');
  await expect(notice).toContainText('later with Pay Now in My Orders');
  await expect(page).toHaveURL(`/pay?order=${order.id}`);

  // The provider reports the failure by webhook about 3 s later; it must not spoil the retry.
  await page.waitForTimeout(3_500);

  await page.getByRole('link', { name: '← My Orders' }).click();
  await expect(page).toHaveURL('/orders');
  const card = orderCard(page, order.id);
  await expect(card).toContainText('Awaiting payment');
  await expect(card).toContainText(formatRupees(order.total));
  await card.getByRole('link', { name: 'Pay Now' }).click();

  await expect(page).toHaveURL(`/pay?order=${order.id}`);
  await page.getByRole('button', { name: 'Make Payment' }).click();
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: `Pay ${sheetAmount(order.total)}` }).click();
  await expectToast(page, 'Payment received. Thank you for your order!');
  await expect(page).toHaveURL(`/order-details?order=${order.id}`);
  await expect(orderFact(page, 'Payment status')).toHaveText('Paid');
  await expect(orderFact(page, 'Status')).toHaveText('Packaging');

  // On a phone the toast spans the top of the page, over the back link, until it closes.
  await toastsGone(page);
  await page.getByRole('link', { name: '← My Orders' }).click();
  await expect(card).toContainText('Packaging');
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
});
