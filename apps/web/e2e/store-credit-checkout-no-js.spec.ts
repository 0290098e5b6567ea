import { ownerToken } from './after-the-sale-fixtures';
import { INDIAN_ADDRESS, expect, formatRupees, orderFact, test, variantsOf } from './fixtures';
import { creditOf } from './store-credit-fixtures';

/**
 * Without scripts 'Use my store credit' is a checkbox of the checkout's form (docs/product.md
 * 'Store credit'): Update total prices the page with it, Order Now spends it.
 */
test('without scripts the shopper spends store credit at checkout: priced, placed and paid', async ({ page, shop }) => {
  test.setTimeout(90_000);
  const [piece] = variantsOf('bibs', { minStock: 10 });
  const shopper = await shop.shopper('credit-spend-no-js');
  await shop.api(`/admin/customers/${shopper.user.id}/credit`, {
    method: 'POST',
    token: await ownerToken(shop),
    body: { amount: 3_000, reason: 'A gift from the shop', request_key: `spend-no-js-${Date.now()}` },
  });
  await shop.addAddress(shopper, INDIAN_ADDRESS);
  await shop.setCart(shopper, piece!, 1);
  const total = piece!.price + 250;
  await shop.signInBrowser(page, shopper);

  await page.goto('/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(`Total${formatRupees(total)}`);
  await page.getByRole('checkbox', { name: /Use my store credit/ }).check();
  await summary.getByRole('button', { name: 'Update total for the choices made' }).click();
  await expect(page).toHaveURL(/\/checkout\?.*credit=1/);
  await expect(page.getByRole('checkbox', { name: /Use my store credit/ })).toBeChecked();
  await expect(summary).toContainText(`Store credit−${formatRupees(total)}`);
  await expect(summary).toContainText(`To pay${formatRupees(0)}`);

  await summary.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/order-details\?order=\d+$/);
  await expect(page.getByRole('status')).toContainText('Order placed and paid with your store credit. Thank you!');
  await expect(orderFact(page, 'Payment status')).toHaveText('Paid');
  await expect(page.getByRole('main')).toContainText(`Paid with store credit−${formatRupees(total)}`);
  expect((await creditOf(shop, shopper)).balance).toBe(3_000 - total);
});
