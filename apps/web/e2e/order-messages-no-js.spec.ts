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
  await page.getByRole('link', { name: 'Messages and reminders' }).click();
  await expect(page).toHaveURL('/my-profile/messages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages and reminders');

  const form = page.getByRole('form', { name: 'Order messages' });
  const whatsapp = form.getByRole('checkbox', { name: 'WhatsApp' });
  const sms = form.getByRole('checkbox', { name: 'SMS' });
  await expect(whatsapp).not.toBeChecked();
  await expect(sms).not.toBeChecked();
  await expect(form.getByText('Off: you have not chosen it.')).toHaveCount(2);

  await whatsapp.check();
  await form.getByRole('button', { name: 'Save my choice' }).click();
  await told(page, 'Your choice of order messages is saved.');
  await expect(form.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  await expect(form.getByText(/^On since .+ \(in your account\)\.$/)).toBeVisible();

  // Withdrawn: unticked and saved.
  await form.getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
  await form.getByRole('button', { name: 'Save my choice' }).click();
  await told(page, 'Your choice of order messages is saved.');
  await expect(form.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
  await expect(form.getByText(/^Off since .+ \(in your account\)\.$/)).toBeVisible();
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
  const orders = page.getByRole('form', { name: 'Order messages' });
  await expect(orders.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
  await expect(orders.getByRole('checkbox', { name: 'SMS' })).not.toBeChecked();
  await expect(orders.getByText(/^On since .+ \(at checkout\)\.$/)).toBeVisible();
  // Marketing is another purpose: ticking order messages at checkout agreed to none of it.
  await expect(page.getByRole('form', { name: /Reminders/ }).getByRole('checkbox', { checked: true })).toHaveCount(0);
  // The next checkout starts from that choice.
  await shop.setCart(shopper, piece!, 1);
  await page.goto('/checkout');
  await expect(
    page.getByRole('group', { name: 'Order updates' }).getByRole('checkbox', { name: 'On WhatsApp' }),
  ).toBeChecked();
});
