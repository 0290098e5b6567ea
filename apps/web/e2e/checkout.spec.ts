import {
  expect,
  expectToast,
  formatRupees,
  orderCard,
  orderFact,
  paymentSheet,
  sheetAmount,
  test,
  toast,
  toastsGone,
  variantsOf,
} from './fixtures';

const PHONE_RULE = 'Phone number must be a 10-digit number starting with a non-zero digit.';
/** docs/product.md#shipping: India Express. */
const INDIA_EXPRESS = 450;

test('register → two products → new address → Express → pay by UPI → Packaging → cancel → refund', async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  // Bibs and swaddles have stock to spare: each project buys one of each.
  const products = [variantsOf('bibs', { minStock: 10 })[0]!, variantsOf('swaddles-blankets', { minStock: 10 })[0]!];
  const subtotal = products.reduce((sum, p) => sum + p.price, 0);
  const total = subtotal + INDIA_EXPRESS;
  const shopper = await shop.shopper('checkout');
  await shop.signInBrowser(page, shopper);

  for (const product of products) {
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
    await expectToast(page, 'Cart updated');
    // The toast opens below the header, so the cart, wishlist and account buttons stay free.
    await expect
      .poll(async () => {
        const header = (await page.getByRole('banner').boundingBox())!;
        // Seen above (expectToast); on a busy machine it may have closed before it is measured,
        // and a bounding box waits for a closed toast to come back, so a short wait stands for gone.
        const note = await toast(page, 'Cart updated')
          .boundingBox({ timeout: 500 })
          .catch(() => null);
        return note === null ? 0 : note.y - (header.y + header.height);
      })
      .toBeGreaterThanOrEqual(0);
  }
  const cartLink = page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' });
  await expect(cartLink).toBeVisible();
  await toastsGone(page);
  await cartLink.click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
  for (const product of products) await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  const cartSummary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(cartSummary).toContainText(`Subtotal${formatRupees(subtotal)}`);
  await expect(cartSummary).toContainText(`Shipping (Standard, to India)${formatRupees(250)}`);
  await cartSummary.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL('/checkout');
  await expect(page.getByText('You have no saved address yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Add New Address' }).click();
  await expect(page).toHaveURL('/address/add?redirectTo=/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a new address');

  // Validation: every required field, then the PIN rule.
  await page.getByRole('button', { name: 'Add Address' }).click();
  for (const message of [
    'address is required',
    'locality is required',
    'city is required',
    'state is required',
    'pincode is required',
    PHONE_RULE,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await page.getByLabel('Address (house, street)').fill('14 Gulmohar Lane');
  await page.getByLabel('Locality').fill('Bandra West');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State', { exact: true }).selectOption('Maharashtra');
  await page.getByLabel('PIN code').fill('012345');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('pincode must be 6 digits and not start with 0')).toBeVisible();
  await expect(page.getByText('address is required')).toBeHidden();
  await expect(page.getByText(PHONE_RULE)).toBeHidden();
  await expect(page).toHaveURL('/address/add?redirectTo=/checkout');
  await page.getByLabel('PIN code').fill('400050');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, 'Address Added Successfully !');

  // Back at checkout with the new address chosen.
  await expect(page).toHaveURL('/checkout');
  const address = page.getByRole('radio', { name: /14 Gulmohar Lane, Bandra West, Mumbai, Maharashtra 400050, India/ });
  await expect(address).toBeChecked();
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(`Shipping (Standard)${formatRupees(250)}`);
  await page.getByRole('radio', { name: /^Express/ }).check();
  await expect(summary).toContainText(`Shipping (Express)${formatRupees(INDIA_EXPRESS)}`);
  await expect(summary).toContainText(`Total${formatRupees(total)}`);
  await expect(page.getByRole('radio', { name: /Credit\/Debit Card & UPI/ })).toBeChecked();
  await summary.getByRole('button', { name: 'Order Now' }).click();
  await expectToast(page, 'Order placed successfully! Please complete the payment.');
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your payment');
  await expect(page.getByText(`Order ID #${orderId}`)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Total${formatRupees(total)}`);
  // The cart was emptied by the order.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Make Payment' }).click();
  const sheet = paymentSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Amount to pay')).toBeVisible();
  await sheet.getByRole('tab', { name: 'UPI' }).click();
  await expect(sheet.getByRole('tab', { name: 'UPI' })).toHaveAttribute('aria-selected', 'true');
  await expect(sheet.getByLabel('UPI ID')).toHaveValue('success@razorpay');
  await sheet.getByRole('button', { name: `Pay ${sheetAmount(total)}` }).click();
  await expect(sheet).toBeHidden();
  await expectToast(page, 'Payment received. Thank you for your order!');

  await expect(page).toHaveURL(`/order-details?order=${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order details');
  await expect(orderFact(page, 'Payment status')).toHaveText('Paid');
  await expect(orderFact(page, 'Payment ID')).toHaveText(/^pay_/);
  await expect(orderFact(page, 'Status')).toHaveText('Packaging');
  await expect(orderFact(page, 'Total')).toHaveText(formatRupees(total));
  await expect(orderFact(page, 'Items')).toHaveText('2');
  await expect(orderFact(page, 'Payment method')).toHaveText('Credit/Debit Card & UPI');
  // docs/product.md#orders: DD-MM-YYYY hh:mm A.
  await expect(orderFact(page, 'Date')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2} (AM|PM)$/);
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('14 Gulmohar Lane');

  await page.getByRole('link', { name: '← My Orders' }).click();
  await expect(page).toHaveURL('/orders');
  const card = orderCard(page, orderId);
  await expect(card).toContainText('Packaging');
  await expect(card).toContainText('plus 1 other item');
  await expect(card).toContainText(formatRupees(total));
  await expect(card.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await card.getByRole('link', { name: 'Cancel Order' }).click();

  await expect(page).toHaveURL(`/cancel-confirm?order=${orderId}`);
  await expect(
    page.getByText(`A refund of ${formatRupees(total)} will be initiated to your original payment method.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'YES, CANCEL ORDER' }).click();
  await expectToast(page, 'Your order has been cancelled. A refund of the order total has been initiated.');
  await expect(page).toHaveURL('/orders');
  await expect(card).toContainText(/Refund in progress|Refunded/);
  await expect(card.getByRole('link', { name: 'Cancel Order' })).toHaveCount(0);

  // The provider confirms the refund by webhook about 3 s later.
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText('Refunded', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});
