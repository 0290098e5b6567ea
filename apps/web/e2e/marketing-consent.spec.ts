import { expectAxeClean } from './admin-fixtures';
import { expect, test, variantsOf } from './fixtures';
import { fitsTheScreen, forged, reminderLink, switchRemindersOn } from './marketing-fixtures';

/**
 * Reminders by email, with consent (docs/product.md 'Messages to shoppers'): the owner
 * switches cart reminders on, a shopper agrees to them, a cart left alone brings the
 * mail (the e2e shop's clock reminds at its next run), and the mail's link unsubscribes.
 */
test('reminders by email: opt in, get the cart reminder, unsubscribe by its link', async ({ page, shop }, info) => {
  test.setTimeout(240_000);
  await switchRemindersOn(page);
  await page.screenshot({ path: `/tmp/marketing-settings-${info.project.name}.png`, fullPage: true });

  const shopper = await shop.shopper('reminders');
  await shop.signInBrowser(page, shopper);
  await page.goto('/my-profile/messages');
  const reminders = page.getByRole('form', { name: 'Reminders and news' });
  await expect(reminders.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  await expectAxeClean(page);
  await reminders.getByRole('checkbox', { name: 'Email' }).check();
  await reminders.getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Your choice of reminders and news is saved.').first()).toBeVisible();
  await expect(reminders.getByRole('checkbox', { name: 'Email' })).toBeChecked();
  await expect(reminders.getByText(/^On since .+ \(in your account\)\.$/)).toBeVisible();
  // Not order messages: that form is as it was.
  await expect(
    page.getByRole('form', { name: 'Order messages' }).getByRole('checkbox', { name: 'SMS' }),
  ).not.toBeChecked();
  await fitsTheScreen(page);
  await page.screenshot({ path: `/tmp/marketing-consent-${info.project.name}.png`, fullPage: true });

  const variant = variantsOf('rompers-jhablas', { minStock: 5 })[info.project.name === 'phone' ? 4 : 5]!;
  await shop.setCart(shopper, variant, 1);
  const link = await reminderLink(shop, shopper);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe');
  await expectAxeClean(page);
  await fitsTheScreen(page);
  await page.screenshot({ path: `/tmp/unsubscribe-${info.project.name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Unsubscribe from reminders by email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed' })).toBeVisible();
  await page.screenshot({ path: `/tmp/unsubscribed-${info.project.name}.png`, fullPage: true });

  await page.goto('/my-profile/messages');
  const after = page.getByRole('form', { name: 'Reminders and news' });
  await expect(after.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
  await expect(after.getByText(/^Off since .+ \(the unsubscribe link in an email\)\.$/)).toBeVisible();

  // A link changed by hand unsubscribes no one.
  await page.goto(forged(link));
  await page.getByRole('button', { name: 'Unsubscribe from reminders by email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' })).toBeVisible();

  // The owner (still signed in to the back office) sees the reminders sent.
  await page.goto('/admin/messages');
  await expect(page.getByRole('heading', { name: 'Cart reminders' })).toBeVisible();
  await expect(page.getByText(/^On\. \d+ of [1-9]\d* reminders? led to an order/)).toBeVisible();
  await expectAxeClean(page);
  await fitsTheScreen(page);
  await page.screenshot({ path: `/tmp/admin-reminders-${info.project.name}.png`, fullPage: true });
});
