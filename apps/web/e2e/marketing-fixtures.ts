import { expect, type Page } from '@playwright/test';
import { adminSignIn } from './admin-fixtures';
import type { ShopHelpers, Shopper } from './fixtures';

/** The reminder mail's subject (docs/product.md 'Messages to shoppers'). */
export const REMINDER = 'Your cart is waiting for you';

/** The owner's switch for cart reminders in Settings, on (the form posts with or without scripts). */
export async function switchRemindersOn(page: Page) {
  await adminSignIn(page);
  await page.goto('/admin/settings');
  const card = page.getByRole('form', { name: 'Cart reminders' });
  await card.getByRole('checkbox', { name: 'Send cart reminders' }).check();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Cart reminders' }).getByRole('checkbox')).toBeChecked();
}

/**
 * The path of the reminder mail's unsubscribe link, once the clock has sent it:
 * the e2e shop reminds at the clock's next run, which comes every minute.
 */
export async function reminderLink(shop: ShopHelpers, shopper: Shopper): Promise<string> {
  let link = '';
  await expect(async () => {
    const mail = await shop.lastMail(shopper.email);
    expect(mail.subject).toBe(REMINDER);
    link = /Unsubscribe: (http\S+?)\)/.exec(mail.text)![1]!;
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  return new URL(link).pathname;
}

/** The same link with its signature's last character changed. */
export const forged = (link: string) => link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));

/** Nothing wider than the screen. */
export async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => document.documentElement.clientWidth),
  );
}
