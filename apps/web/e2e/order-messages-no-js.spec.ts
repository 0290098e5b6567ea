import type { Page } from '@playwright/test';
import { INDIAN_ADDRESS, expect, test, variantsOf } from './fixtures';

/**
 * A shopper chooses the channels of their order messages without scripts
 * (docs/product.md 'Messages to shoppers'): the form posts, the server says it is saved,
 * and the page shows the choice with its date.
 */
const told = (page: Page, text: string) =>
  expect(page.getByRole('main').getByRole('status').or(page.getByRole('main').getByRole('alert'))).toContainText(text);

test('order messages: agree to WhatsApp, then withdraw it, with full page loads', async ({ page, shop }) => {
  const shopper = await shop.shopper('nojs-messages');
  await shop.signInBrowser(page, shopper);
  await page.goto('/my-profile');
  await page.getByRole('link', { name: 'Order messages (WhatsApp, SMS)' }).click();
  await expect(page).toHaveURL('/my-profile/messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order messages');

  const whatsapp = page.getByRole('checkbox', { name: 'WhatsApp' });
  const sms = page.getByRole('checkbox', { name: 'SMS' });
  await expect(whatsapp).not.toBeChecked();
  await expect(sms).not.toBeChecked();
  await expect(page.getByText('Off: you have not chosen it.')).toHaveCount(2);

  await whatsapp.check();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await told(page, 'Your choice of order messages is saved.');
  await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  await expect(page.getByText(/^On since .+ \(in your account\)\.$/)).toBeVisible();

  // Withdrawn: unticked and saved.
  await page.getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
  await page.getByRole('button', { name: 'Save my choice' }).click();
  await told(page, 'Your choice of order messages is saved.');
  await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  await expect(page.getByText(/^Off since .+ \(in your account\)\.$/)).toBeVisible();
});

test("at checkout, without scripts, the shopper ticks WhatsApp for the order's news; My Profile shows it was chosen there", async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  const [piece] = variantsOf('bibs', { minStock: 10 });
  const shopper = await shop.shopper('nojs-checkout-messages');
  await shop.addAddress(shopper, INDIAN_ADDRESS);
  await shop.setCart(shopper, piece!, 1);
  await shop.signInBrowser(page, shopper);

  await page.goto('/checkout');
  const updates = page.getByRole('group', { name: 'Order updates' });
  await expect(updates.getByRole('checkbox', { name: 'On WhatsApp' })).not.toBeChecked();
  await expect(updates.getByRole('checkbox', { name: 'By SMS' })).not.toBeChecked();
  await updates.getByRole('checkbox', { name: 'On WhatsApp' }).check();
  await page.getByRole('complementary', { name: 'Order summary' }).getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);

  await page.goto('/my-profile/messages');
  await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  await expect(page.getByText(/^On since .+ \(at checkout\)\.$/)).toBeVisible();
  // The next checkout starts from that choice.
  await shop.setCart(shopper, piece!, 1);
  await page.goto('/checkout');
  await expect(
    page.getByRole('group', { name: 'Order updates' }).getByRole('checkbox', { name: 'On WhatsApp' }),
  ).toBeChecked();
});
