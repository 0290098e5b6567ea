import { expectAxeClean } from './admin-fixtures';
import { makeCode, tenPercentOf } from './discount-codes';
import { expect, expectToast, formatRupees, gotoHydrated, test, variantsOf } from './fixtures';

/** docs/product.md#shipping: India Standard. */
const INDIA_STANDARD = 250;

test('a link carries a code into the cart; the checkout applies, refuses in words, removes; the pay page shows the discount', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(90_000);
  const variant = variantsOf('bibs', { minStock: 10 })[info.project.name === 'phone' ? 1 : 2]!;
  const code = await makeCode(shop, 'KIDS');
  const expired = await makeCode(shop, 'OLD', {
    starts_at: '2025-01-01T00:00:00+05:30',
    ends_at: '2025-02-01T00:00:00+05:30',
  });
  const bigOrder = await makeCode(shop, 'BIG', { min_subtotal: variant.price + 500 });
  const shopper = await shop.shopper('code-buyer');
  await shop.addAddress(shopper);
  await shop.setCart(shopper, variant, 1);
  await shop.signInBrowser(page, shopper);

  // The link: the code is kept, the address shown has none.
  await page.goto(`/?code=${code.toLowerCase()}`);
  await expect(page).toHaveURL('/');
  await page.goto('/cart');
  const cartSummary = page.getByRole('complementary', { name: 'Order summary' });
  const off = tenPercentOf(variant.price);
  await expect(cartSummary).toContainText(`Discount (${code})−${formatRupees(off)}`);
  await expect(cartSummary).toContainText(`Code ${code} will be applied at checkout.`);

  await gotoHydrated(page, '/checkout');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(`Code ${code} applied`);
  await expect(summary).toContainText(`Total${formatRupees(variant.price - off + INDIA_STANDARD)}`);
  await expect(summary).toContainText(`You save ${formatRupees(off)}`);
  await expectAxeClean(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: test.info().outputPath('checkout-with-code.png'), fullPage: true });

  await summary.getByRole('button', { name: `Remove code ${code}` }).click();
  const field = summary.getByLabel('Discount code');
  await expect(field).toHaveValue('');
  await expect(summary).toContainText(`Total${formatRupees(variant.price + INDIA_STANDARD)}`);
  await expect(summary).not.toContainText('Discount (');

  // Refusals say why, in words, and change nothing.
  await field.fill(expired);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`The code ${expired} expired on`)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(bigOrder);
  await field.press('Enter');
  await expect(
    summary.getByText(`Add ${formatRupees(500)} more to your bag to use the code ${bigOrder}.`),
  ).toBeVisible();
  await field.fill('no such code!');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText('A discount code has only letters, digits, - and _')).toBeVisible();
  await expect(summary).toContainText(`Total${formatRupees(variant.price + INDIA_STANDARD)}`);

  // Typed in lower case, applied as the shop writes it.
  await field.fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expectToast(page, `${code} applied`);
  await expect(summary).toContainText(`Discount (${code})−${formatRupees(off)}`);
  await page.getByRole('radio', { name: /^Express/ }).check();
  await expect(summary).toContainText(`Total${formatRupees(variant.price - off + 450)}`);
  await expect(summary).toContainText(`Code ${code} applied`);

  await summary.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);
  const main = page.getByRole('main');
  await expect(main).toContainText(`Discount (${code})−${formatRupees(off)}`);
  await expect(main).toContainText(`Total${formatRupees(variant.price - off + 450)}`);
  await page.screenshot({ path: test.info().outputPath('pay-with-code.png'), fullPage: true });

  // Placed, the code is spent from the browser: the next cart has none.
  await shop.setCart(shopper, variant, 1);
  await page.goto('/cart');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).not.toContainText('Discount (');
});
