import { adminSignIn } from './admin-fixtures';
import { deliveredOrder } from './after-the-sale-fixtures';
import { adminCard, exchangePair, linesOf, returnRequestOf } from './exchange-fixtures';
import { expect, orderFact, test } from './fixtures';
import { creditOf } from './store-credit-fixtures';

/**
 * An exchange without scripts (docs/product.md 'Exchanges'): the return form posts, a piece with no
 * size chosen comes back with the reason by the pieces, and the owner's exchange form posts too.
 * The size asked costs the same: the replacement is paid by the returned piece at once.
 */
test('without scripts a shopper asks for another size and the owner accepts the exchange', async ({ page, shop }) => {
  test.setTimeout(150_000);
  const { bought, wanted } = exchangePair('no-js');
  const shopper = await shop.shopper('exchange-no-js');
  const order = await deliveredOrder(shop, shopper, [bought]);
  const [line] = await linesOf(shop, shopper, order.id);

  await shop.signInBrowser(page, shopper);
  await page.goto(`/contact-us?order=${order.id}`);
  const form = page.getByRole('region', { name: 'Return request form' });
  await form.locator(`select[name="qty_${line!.id}"]`).selectOption('1');
  await form.getByLabel('The size does not fit').check();
  await form.getByLabel('Another size or colour of the same piece').check();
  // No size chosen: the form comes back with the reason by the pieces, the choices kept.
  await form.getByRole('button', { name: 'Send return request' }).click();
  const pieces = form.getByRole('group', { name: 'Pieces you are sending back' });
  await expect(pieces.getByText('Choose the size or colour you would like for each piece')).toBeVisible();
  await expect(form.getByLabel('Another size or colour of the same piece')).toBeChecked();
  await expect(form.getByLabel('The size does not fit')).toBeChecked();
  await expect(form.locator(`select[name="qty_${line!.id}"]`)).toHaveValue('1');

  await form.getByLabel('For an exchange, send instead').selectOption(String(wanted.variantId));
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();

  await adminSignIn(page);
  await page.goto(`/admin/returns/${await returnRequestOf(shop, order.id)}`);
  const card = adminCard(page, 'Accept as an exchange');
  await expect(card.getByLabel('Send instead')).toHaveValue(String(wanted.variantId));
  await card.getByRole('button', { name: 'Accept the exchange' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Exchange accepted' });
  await expect(notice).toContainText(
    /^Exchange accepted: the replacement is order #\d+, paid by the returned pieces and waiting to be packed; the shopper has been mailed$/,
  );
  const replacementId = Number(/order #(\d+)/.exec((await notice.textContent())!)![1]);
  // The request is decided: its forms are gone.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accept the exchange' })).toHaveCount(0);
  expect((await creditOf(shop, shopper)).balance).toBe(0);

  await shop.signInBrowser(page, shopper);
  await page.goto(`/order-details?order=${order.id}`);
  await orderFact(page, 'Replacement')
    .getByRole('link', { name: `Order #${replacementId}` })
    .click();
  await expect(page).toHaveURL(`/order-details?order=${replacementId}`);
  await expect(orderFact(page, 'Exchange for')).toHaveText(`Order #${order.id}`);
  await expect(orderFact(page, 'Status')).toHaveText('Packaging');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(wanted.size);
});
