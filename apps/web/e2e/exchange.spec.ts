import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { deliveredOrder } from './after-the-sale-fixtures';
import { adminCard, exchangePair, linesOf, returnRequestOf, setVariantPrice } from './exchange-fixtures';
import {
  CONSENT_COOKIE,
  expect,
  expectToast,
  formatRupees,
  gotoHydrated,
  orderFact,
  paymentSheet,
  sheetAmount,
  test,
} from './fixtures';
import { creditOf, expectNoSidewaysScroll } from './store-credit-fixtures';

/**
 * An exchange from end to end (docs/product.md 'Exchanges'): the shopper asks for another size on
 * the return form, the owner accepts it as an exchange with that size already chosen, and the
 * replacement order is paid by the returned piece (a dearer size leaves the difference to pay
 * online, a cheaper one leaves the rest in store credit), shipped with its own tracking, and
 * linked from the original order. The phone asks for a dearer size, the desktop for a cheaper one.
 */
test('a shopper exchanges a piece for another size; the owner accepts and ships the replacement', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(180_000);
  const shots = `test-results/exchange-${info.project.name}`;
  const dearer = info.project.name === 'phone';
  const { bought, wanted } = exchangePair(info.project.name);
  const wantedPrice = bought.price + (dearer ? 100 : -100);
  await setVariantPrice(shop, wanted, wantedPrice);
  const shopper = await shop.shopper('exchange');
  const order = await deliveredOrder(shop, shopper, [bought]);
  const [line] = await linesOf(shop, shopper, order.id);

  // The shopper's return form: one piece, the size does not fit, another size instead.
  await shop.signInBrowser(page, shopper);
  await gotoHydrated(page, `/contact-us?order=${order.id}`);
  const form = page.getByRole('region', { name: 'Return request form' });
  await form.locator(`select[name="qty_${line!.id}"]`).selectOption('1');
  await form.getByLabel('The size does not fit').check();
  await form.getByLabel('Another size or colour of the same piece').check();
  const swap = form.getByLabel('For an exchange, send instead');
  await expect(swap).toHaveAttribute('name', `swap_${line!.id}`);
  await swap.selectOption(String(wanted.variantId));
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-return-form.png`, fullPage: true });
  await form.screenshot({ path: `${shots}-return-form-choices.png` });
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();

  // The owner, in a browser of their own: the exchange card has the asked size chosen.
  const ownerContext = await browser.newContext({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  await ownerContext.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: shop.baseUrl }]);
  const owner = await ownerContext.newPage();
  await adminSignIn(owner);
  await owner.goto(`/admin/returns/${await returnRequestOf(shop, order.id)}`);
  await expect(owner.getByText('Another size or colour of the same piece').first()).toBeVisible();
  await expect(
    owner.getByText(`1 × ${bought.name} (${bought.size}, ${bought.color}) for ${wanted.size}`),
  ).toBeVisible();
  const card = adminCard(owner, 'Accept as an exchange');
  await expect(card.locator(`input[name="xqty_${line!.id}"]`)).toHaveValue('1');
  const sendInstead = card.getByLabel('Send instead');
  await expect(sendInstead).toHaveValue(String(wanted.variantId));
  await expect(sendInstead.locator('option:checked')).toContainText(formatRupees(wantedPrice));
  await expectAxeClean(owner);
  await expectNoSidewaysScroll(owner);
  await card.screenshot({ path: `${shots}-admin-exchange-card.png` });
  await owner.screenshot({ path: `${shots}-admin-return.png`, fullPage: true });
  await card.getByRole('button', { name: 'Accept the exchange' }).click();
  const notice = owner.getByRole('status').filter({ hasText: 'Exchange accepted' });
  await expect(notice).toContainText(
    dearer
      ? /^Exchange accepted: the replacement is order #\d+, waiting for the shopper to pay the difference of ₹100; the shopper has been mailed$/
      : /^Exchange accepted: the replacement is order #\d+, paid by the returned pieces and waiting to be packed; the shopper has been mailed$/,
  );
  const replacementId = Number(/order #(\d+)/.exec((await notice.textContent())!)![1]);
  expect(replacementId).toBeGreaterThan(order.id);

  if (dearer) {
    // The difference is paid online, from the replacement's page.
    await gotoHydrated(page, `/order-details?order=${replacementId}`);
    await expect(orderFact(page, 'Status')).toHaveText(/Awaiting Payment|Created/i);
    await page.getByRole('link', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(`/pay?order=${replacementId}`);
    await expect(page.getByRole('main')).toContainText(`To pay${formatRupees(100)}`);
    await page.getByRole('button', { name: 'Make Payment' }).click();
    const sheet = paymentSheet(page);
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: `Pay ${sheetAmount(100)}` }).click();
    await expectToast(page, 'Payment received. Thank you for your order!');
    await expect(page).toHaveURL(`/order-details?order=${replacementId}`);
    // Paid: the difference is what was paid online, no longer 'To pay'.
    await expect(page.getByRole('main')).toContainText(`Paid online${formatRupees(100)}`);
    await expect(page.getByRole('main')).not.toContainText('To pay');
    expect((await creditOf(shop, shopper)).balance).toBe(0);
  } else {
    // Paid at once; what it costs less stays as store credit.
    expect((await creditOf(shop, shopper)).balance).toBe(100);
  }

  // The owner ships the replacement with its own tracking number.
  await owner.goto(`/admin/orders/${replacementId}`);
  await expect(owner.getByRole('link', { name: `Exchange for order #${order.id}` })).toBeVisible();
  await owner.getByRole('link', { name: 'Ship', exact: true }).click();
  await owner.getByLabel('Carrier').selectOption('delhivery');
  await owner.getByLabel('Tracking number').fill(`DL${replacementId}0031`);
  await owner.getByRole('button', { name: 'Ship order' }).click();
  await expect(owner.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await owner.goto(`/admin/orders/${order.id}`);
  await expect(owner.getByRole('link', { name: `Replacement: order #${replacementId}` })).toBeVisible();
  await ownerContext.close();

  // The shopper's original order names its replacement; the replacement its parcel.
  await page.goto(`/order-details?order=${order.id}`);
  await expect(orderFact(page, 'Status')).toHaveText('Delivered');
  await orderFact(page, 'Replacement')
    .getByRole('link', { name: `Order #${replacementId}` })
    .click();
  await expect(page).toHaveURL(`/order-details?order=${replacementId}`);
  await expect(orderFact(page, 'Exchange for')).toHaveText(`Order #${order.id}`);
  await expect(orderFact(page, 'Status')).toHaveText('Shipped');
  const parcels = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Shipments' }) });
  await expect(parcels).toContainText(`1 × ${wanted.name} (${wanted.size}, ${wanted.color})`);
  await expect(parcels.getByRole('link', { name: /^Track parcel 1/ })).toHaveAttribute(
    'href',
    `https://www.delhivery.com/track/package/DL${replacementId}0031`,
  );
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-replacement.png`, fullPage: true });
});
