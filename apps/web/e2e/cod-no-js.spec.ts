import type { Page } from '@playwright/test';
import { codShopper, codVariants, mailedCodCode, setCod } from './cod-fixtures';
import { expect, formatRupees, shopHelpers, test } from './fixtures';

/**
 * Cash on delivery without scripts (the 'cod-no-js' project, after every other
 * spec: see cod-fixtures.ts): the checkout's choice, priced again with its fee
 * by the form's own button; Order Now; the code's page, its 'send again' and
 * its refusal; the confirmed order. All full page loads, the server saying
 * what happened in a status line.
 */
test.beforeAll(async () => {
  await setCod(shopHelpers(), { enabled: true });
});
test.afterAll(async () => {
  await setCod(shopHelpers(), { enabled: false });
});

const told = (page: Page, text: string) =>
  expect(page.getByRole('main').getByRole('status').or(page.getByRole('main').getByRole('alert'))).toContainText(text);

test('without scripts a shopper chooses cash on delivery, places the order and confirms it with the mailed code', async ({
  page,
  shop,
}) => {
  test.setTimeout(120_000);
  const variant = codVariants('ethnic-wear')[4]!;
  const { shopper } = await codShopper(shop, 'cod-no-js', variant);
  await shop.signInBrowser(page, shopper);

  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByRole('button', { name: 'Update total for the choices made' }).click();
  await expect(page).toHaveURL(/payment=cod/);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary).toContainText(`Cash on delivery fee${formatRupees(49)}`);
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/cod-confirm\?order=\d+$/);
  await told(page, 'Order placed! Enter the 6-digit code we mailed you to confirm it.');
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  const first = await mailedCodCode(shop, shopper, orderId);

  // Letters are refused beside the field, before the API is asked.
  await page.getByLabel('Confirmation code').fill('12ab56');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('Enter the 6-digit code we mailed you')).toBeVisible();

  // A new code replaces the first: the first no longer confirms it.
  await page.getByRole('button', { name: 'Send the code again' }).click();
  await told(page, 'A new code is on its way to your email.');
  let second = first;
  await expect
    .poll(async () => (second = await mailedCodCode(shop, shopper, orderId)) !== first, { timeout: 15_000 })
    .toBe(true);
  await page.getByLabel('Confirmation code').fill(first);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('That code is not right.', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Confirmation code').fill(second);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(`/order-details?order=${orderId}`);
  await told(page, 'Thank you! Your cash-on-delivery order is confirmed.');
  await expect(page.getByRole('main')).toContainText('Cash on delivery');
  await expect(page.getByRole('main')).toContainText('Confirmed');
  await expect(page.getByRole('main')).toContainText(`Cash on delivery fee${formatRupees(49)}`);
});
