import { makeCode, tenPercentOf } from './discount-codes';
import { expect, formatRupees, test, variantsOf } from './fixtures';

/** The discount code with JavaScript off (the 'no-js' project): Apply, a refusal, Remove, Order Now all post. */
test('apply a code, see a refusal, remove it, apply again and order: all without scripts', async ({ page, shop }) => {
  const variant = variantsOf('bibs', { minStock: 10 })[3]!;
  const code = await makeCode(shop, 'NOJS');
  const firstOnly = await makeCode(shop, 'FIRST', { first_order_only: true });
  const shopper = await shop.shopper('nojs-code');
  const address = await shop.addAddress(shopper);
  // An earlier order makes the next one not a first.
  await shop.setCart(shopper, variant, 1);
  await shop.placeOrder(shopper, address.id);
  await shop.setCart(shopper, variant, 1);
  await shop.signInBrowser(page, shopper);

  await page.goto('/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const field = summary.getByLabel('Discount code');
  await field.fill(firstOnly);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`The code ${firstOnly} is for a first order only.`)).toBeVisible();
  await expect(field).toHaveValue(firstOnly);

  const off = tenPercentOf(variant.price);
  await field.fill(code);
  await page.getByRole('radio', { name: /^Express/ }).check();
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/checkout\?address=\d+&shipping=express$/);
  await expect(summary).toContainText(`Code ${code} applied`);
  await expect(page.getByRole('radio', { name: /^Express/ })).toBeChecked();
  await expect(summary).toContainText(`Total${formatRupees(variant.price - off + 450)}`);

  await summary.getByRole('button', { name: `Remove code ${code}` }).click();
  await expect(summary).toContainText(`Total${formatRupees(variant.price + 450)}`);
  await field.fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary).toContainText(`Code ${code} applied`);

  await summary.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);
  await expect(page.getByRole('main')).toContainText(`Discount (${code})−${formatRupees(off)}`);
  await expect(page.getByRole('main')).toContainText(`Total${formatRupees(variant.price - off + 450)}`);
});
