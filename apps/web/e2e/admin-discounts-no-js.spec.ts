import type { AdminDiscount } from '@shop/contract';
import { adminSignIn } from './admin-fixtures';
import { expect, test } from './fixtures';

/**
 * Without scripts the owner creates a discount code (docs/product.md 'Discount
 * codes'): the value field still follows the kind (CSS), the server's
 * refusals stand beside their fields, and the code is turned off with its
 * own small form. The code is left off.
 */
test('without scripts the owner creates a code, is told why a form was refused, and turns the code off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const code = `NOJS-${Date.now().toString(36)}`.toUpperCase();
  await adminSignIn(page);

  await page.goto('/admin/discounts/new');
  await expect(page.getByLabel('Percent off (%)')).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Percent off (%)').fill('95');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Please check the fields marked below.');
  await expect(page.getByLabel('Percent off (%)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('A percent off is a whole number from 1 to 90')).toBeVisible();
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue(code);

  // Amount off, chosen without scripts: the rupees field shows and is the one read.
  await page.getByRole('radio', { name: /^Amount off/ }).check();
  await expect(page.getByLabel('Percent off (%)')).toBeHidden();
  await page.getByLabel('Amount off (₹)').fill('150.50');
  await page.getByLabel('Total uses (optional)').fill('3');
  await page.getByRole('checkbox', { name: /^First order only/ }).check();
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('status')).toHaveText('Code created.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(code);
  const id = Number(/\/admin\/discounts\/(\d+)/.exec(page.url())![1]);
  const saved = (await (await page.request.get(`/api/v1/admin/discounts/${id}`)).json()) as { data: AdminDiscount };
  expect(saved.data).toMatchObject({ kind: 'amount', value: 150.5, max_uses: 3, first_order_only: true, active: true });

  // The same code again, in another case: the API's refusal stands beside the code.
  await page.goto('/admin/discounts/new');
  await page.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await page.getByLabel('Percent off (%)').fill('10');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`There is already a code ${code}`)).toBeVisible();

  // Off, with the page's own small form.
  await page.goto(`/admin/discounts/${id}`);
  await page.getByRole('button', { name: `Turn off ${code}` }).click();
  await expect(page.getByRole('status')).toHaveText('The code is off: shoppers can no longer use it.');
  await expect(page.getByRole('button', { name: `Turn on ${code}` })).toBeVisible();
  const off = (await (await page.request.get(`/api/v1/admin/discounts/${id}`)).json()) as { data: AdminDiscount };
  expect(off.data.active).toBe(false);
});
