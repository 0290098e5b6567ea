import type { StockPage } from '@shop/contract';
import { E2E_ADMIN } from './env';
import { expect, test } from './fixtures';

/** The stock grid without scripts: one form of inputs; a changed cell is saved, the others are not sent. */
test('without scripts the owner saves one stock cell of the grid', async ({ page, shop }) => {
  test.setTimeout(120_000);
  const name = 'Lace Yoke Kaftan Nightdress'; // no other spec reads or buys it
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  const row = (await shop.api<StockPage>(`/admin/stock?q=${encodeURIComponent(name)}`, { token })).data[0]!;
  try {
    await page.goto('/admin/login');
    await page.getByLabel('Email address').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await page.goto(`/admin/stock?q=${encodeURIComponent(name)}`);
    const cell = page.getByLabel(`Stock of ${row.product_name}, ${row.colour}, ${row.size}`);
    await expect(cell).toHaveValue(String(row.stock));
    await cell.fill(String(row.stock + 5));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toHaveText('1 saved');
    await expect(cell).toHaveValue(String(row.stock + 5));
    // A sale takes a piece while the grid is open: the cell is not overwritten, it says what happened.
    await shop.api('/admin/stock', {
      method: 'POST',
      token,
      body: {
        changes: [{ variant_id: row.variant_id, field: 'stock', expected: row.stock + 5, value: row.stock + 4 }],
      },
    });
    await cell.fill(String(row.stock + 20));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toContainText('1 changed meanwhile and were not saved');
    await expect(page.getByText(`Now ${row.stock + 4}: a sale happened; check and save again`)).toBeVisible();
    await expect(cell).toHaveValue(String(row.stock + 20)); // what was typed, to check and save again
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toHaveText('1 saved');
    await expect(cell).toHaveValue(String(row.stock + 20));
    // A cell that holds no number: nothing saved, the cell marked.
    await cell.fill('lots');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toHaveText('Nothing was saved: some cells hold no number.');
    await expect(cell).toHaveAttribute('aria-invalid', 'true');
  } finally {
    const now = (await shop.api<StockPage>(`/admin/stock?q=${encodeURIComponent(name)}`, { token })).data[0]!;
    if (now.stock !== row.stock) {
      await shop.api('/admin/stock', {
        method: 'POST',
        token,
        body: { changes: [{ variant_id: row.variant_id, field: 'stock', expected: now.stock, value: row.stock }] },
      });
    }
  }
});
