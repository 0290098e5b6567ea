import { adminSignIn } from './admin-fixtures';
import { deliveredOrder } from './after-the-sale-fixtures';
import { expect, test, variantsOf } from './fixtures';

/**
 * A return request without scripts (docs/product.md 'After the sale'): the shopper chooses the pieces, why and
 * what they would like; the shop finds it by wish, with those pieces and the wish already chosen.
 */
test('a shopper asks to return a piece for store credit; the shop accepts it as asked', async ({ page, shop }) => {
  test.setTimeout(150_000);
  const shopper = await shop.shopper('return-asked-no-js');
  const order = await deliveredOrder(shop, shopper, variantsOf('nightwear', { minStock: 5 }).slice(-9, -7));
  await shop.signInBrowser(page, shopper);
  await page.goto(`/contact-us?order=${order.id}`);
  const form = page.getByRole('region', { name: 'Return request form' });
  await expect(form.getByRole('group', { name: 'Pieces you are sending back' })).toBeVisible();
  // Nothing chosen: the form comes back with each reason by its question.
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form.getByText('Choose how many of each piece you are sending back')).toBeVisible();
  await expect(form.getByText('Choose why it is coming back')).toBeVisible();

  const first = order.order_details[0]!;
  await form.locator(`select[name="qty_${first.id}"]`).selectOption('1');
  await form.getByLabel('The size does not fit').check();
  await form.getByLabel('Store credit, at once').check();
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toBeVisible();

  await adminSignIn(page);
  await page.goto('/admin/returns?state=open&wish=credit');
  const row = page.getByRole('link', { name: `Order #${order.id}` }).filter({ visible: true });
  await row.click();
  await expect(page.getByText('The size does not fit')).toBeVisible();
  await expect(page.getByText('Store credit, at once').first()).toBeVisible();
  await expect(page.locator(`input[name="qty_${first.id}"]`)).toHaveValue('1');
  await expect(page.locator(`input[name="qty_${order.order_details[1]!.id}"]`)).toHaveValue('0');
  await expect(page.locator('input[name="refund_to"][value="credit"]')).toBeChecked();
  await page.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(page.getByRole('status')).toContainText("the refund is in the shopper's store credit");

  await shop.signInBrowser(page, shopper);
  await page.goto('/my-profile/credit');
  await expect(page.getByTestId('credit-balance')).not.toHaveText('₹0');
  await expect(page.getByText(`Refund for the return of order #${order.id}`)).toBeVisible();
});
