import { adminSignIn } from './admin-fixtures';
import { expect, test } from './fixtures';
import { creditCard, creditOf, openShopperPage, shopDay } from './store-credit-fixtures';

/**
 * Without scripts store credit is a form post (docs/back-office.md 'Store credit'): the page
 * answers with the notice and the new balance; the shopper's page is drawn by the server.
 */
test('without scripts the owner gives store credit and the shopper reads the balance', async ({
  browser,
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  const shopper = await shop.shopper('credit-no-js');
  const reason = 'For the missing button on your kurta';
  await adminSignIn(page);
  await openShopperPage(page, shopper.email);
  const card = creditCard(page);
  await expect(card.getByTestId('credit-balance')).toHaveText('₹0');

  // Too short a reason is refused, and nothing is given.
  await card.getByLabel('Give credit (rupees)').fill('1,200');
  await card.getByLabel('Reason (the shopper reads it)').fill('ok');
  await card.getByLabel('Reason (the shopper reads it)').evaluate((el) => el.removeAttribute('minlength'));
  await card.getByRole('button', { name: 'Give store credit' }).click();
  await expect(page.getByRole('alert')).toContainText('reason is required (the shopper reads it in their account)');
  await expect(card.getByTestId('credit-balance')).toHaveText('₹0');

  await card.getByLabel('Give credit (rupees)').fill('1,200');
  await card.getByLabel('Reason (the shopper reads it)').fill(reason);
  await card.getByRole('button', { name: 'Give store credit' }).click();
  await expect(page.getByRole('status')).toHaveText(
    '₹1,200 of store credit given: the shopper sees it in their account',
  );
  await expect(card.getByTestId('credit-balance')).toHaveText('₹1,200');
  await expect(card.getByRole('listitem')).toHaveCount(1);
  await expect(card.getByRole('listitem')).toContainText(`From the shop: ${reason}`);
  expect((await creditOf(shop, shopper)).balance).toBe(1200);

  const context = await browser.newContext({ baseURL: shop.baseUrl, javaScriptEnabled: false });
  const theirs = await context.newPage();
  await shop.signInBrowser(theirs, shopper);
  await theirs.goto('/my-profile');
  await theirs.getByRole('link', { name: /^Store credit/ }).click();
  await expect(theirs).toHaveURL(/\/my-profile\/credit$/);
  await expect(theirs.getByTestId('credit-balance')).toHaveText('₹1,200');
  const [entry] = (await creditOf(shop, shopper)).entries;
  await expect(theirs.getByRole('listitem').filter({ hasText: reason })).toContainText(
    `Until ${shopDay(entry!.expires_at)}`,
  );
  await context.close();
});
