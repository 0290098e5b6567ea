import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

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
