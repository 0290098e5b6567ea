import { expect, expectToast, test, toastsGone, variantsOf } from './fixtures';

test('the last piece sold between cart and Order Now: out of stock, back to the cart', async ({
  page,
  shop,
}, testInfo) => {
  // A variant with only a few pieces, of a category no other spec buys from; one per project,
  // so the phone and desktop runs never take each other's stock.
  const lowStock = variantsOf('ethnic-wear', { maxStock: 3 });
  const variant = lowStock[testInfo.project.name === 'phone' ? 0 : 1]!;
  const shopper = await shop.shopper('race-a');
  await shop.addAddress(shopper);
  await shop.signInBrowser(page, shopper);

  await page.goto(`/product/${variant.slug}`);
  await expect(page.getByText(`Only ${variant.stock} left in this size`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
  await toastsGone(page);
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('radio', { name: /14 Gulmohar Lane/ })).toBeChecked();
  const orderNow = page.getByRole('button', { name: 'Order Now' });
  await expect(orderNow).toBeEnabled();

  // Meanwhile another shopper buys every piece that is left.
  const other = await shop.shopper('race-b');
  const otherAddress = await shop.addAddress(other);
  await shop.setCart(other, variant, variant.stock);
  await shop.placeOrder(other, otherAddress.id);

  await orderNow.click();
  await expectToast(page, 'Some products are out of stock');
  await expect(page).toHaveURL('/cart');
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: variant.name });
  await expect(line.getByText('Out of Stock', { exact: true })).toBeVisible();
  // Out-of-stock lines can only be removed.
  await expect(line.getByRole('group', { name: `Quantity of ${variant.name}` })).toHaveCount(0);
  await expect(line.getByRole('button', { name: `Remove ${variant.name}` })).toBeVisible();

  // Checkout stays closed while the line is there.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expectToast(page, 'Some products are out of stock');
  await expect(page).toHaveURL('/cart');

  await line.getByRole('button', { name: `Remove ${variant.name}` }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
});
