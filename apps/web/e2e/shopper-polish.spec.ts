import { expect, orderCard, test, variantsOf } from './fixtures';

/** Issue #17 items 8–13: what a careful shopper meets around paying, their account and the shop's promises. */

test('the pay page and My Orders say until when an unpaid order is held', async ({ page, shop }) => {
  const shopper = await shop.shopper('payby');
  const address = await shop.addAddress(shopper);
  await shop.setCart(shopper, variantsOf('bags', { minStock: 4 })[0]!, 1);
  const order = await shop.placeOrder(shopper, address.id);
  const due = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(order.payment_due_at));
  await shop.signInBrowser(page, shopper);

  await page.goto(`/pay?order=${order.id}`);
  await expect(page.getByText(new RegExp(`^Pay by ${due}( on .+)? to keep these pieces$`))).toBeVisible();

  await page.goto('/orders');
  await expect(orderCard(page, order.id).getByText(/^Pay by .+ to keep these pieces$/)).toBeVisible();
});
