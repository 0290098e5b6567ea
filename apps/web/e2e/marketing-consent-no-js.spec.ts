import type { Page } from '@playwright/test';
import { expect, test, variantsOf } from './fixtures';
import { fitsTheScreen, forged, reminderLink, switchRemindersOn } from './marketing-fixtures';

const told = (page: Page, text: string) =>
  expect(page.getByRole('main').getByRole('status').or(page.getByRole('main').getByRole('alert'))).toContainText(text);

/**
 * Without scripts (docs/product.md 'Messages to shoppers'): the shopper agrees to reminders
 * by email with the form, the cart reminder comes, and its link unsubscribes with one press.
 */
test('reminders by email without scripts: opt in, then unsubscribe by the mail’s link', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(240_000);
  await switchRemindersOn(page);

  const shopper = await shop.shopper('nojs-reminders');
  await shop.signInBrowser(page, shopper);
  await page.goto('/my-profile');
  await page.getByRole('link', { name: 'Messages and reminders' }).click();
  const form = page.getByRole('form', { name: 'Reminders and news' });
  await expect(form.getByText('Off: you have not chosen it.')).toHaveCount(3);
  await form.getByRole('checkbox', { name: 'Email' }).check();
  await form.getByRole('button', { name: 'Save my choice' }).click();
  await told(page, 'Your choice of reminders and news is saved.');
  await expect(form.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await expect(form.getByText(/^On since .+ \(in your account\)\.$/)).toBeVisible();
  await fitsTheScreen(page);

  await shop.setCart(shopper, variantsOf('rompers-jhablas', { minStock: 5 })[6]!, 1);
  const link = await reminderLink(shop, shopper);

  // A changed link first: refused in words, nothing withdrawn.
  await page.goto(forged(link));
  await page.getByRole('button', { name: 'Unsubscribe from reminders by email' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');

  await page.goto(link);
  await page.getByRole('button', { name: 'Unsubscribe from reminders by email' }).click();
  await expect(page.getByRole('status')).toContainText('You are unsubscribed');
  await page.screenshot({ path: `/tmp/unsubscribed-no-js-${info.project.name}.png`, fullPage: true });

  await page.goto('/my-profile/messages');
  const after = page.getByRole('form', { name: 'Reminders and news' });
  await expect(after.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  await expect(after.getByText(/^Off since .+ \(the unsubscribe link in an email\)\.$/)).toBeVisible();
});
