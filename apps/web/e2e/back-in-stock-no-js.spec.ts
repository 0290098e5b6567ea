import { mkdirSync } from 'node:fs';
import type { StockPage } from '@shop/contract';
import { E2E_ADMIN } from './env';
import { expect, test, uniqueEmail, variantsOf } from './fixtures';

/**
 * 'Tell me when it's back' without scripts (docs/product.md 'Back in stock'): a
 * guest's email field posts to the product page and the answer says what will
 * happen; a bad email is refused in words and what was typed stays; the mail's
 * way out works with one click. A sold-out co-ord set no other spec reads.
 */
test('a guest asks without scripts, and stops it from the mail without scripts', async ({ page, shop }) => {
  test.setTimeout(150_000);
  mkdirSync('/tmp/bis-shots', { recursive: true });
  const variant = variantsOf('co-ord-sets', { minStock: 0, maxStock: 0 })[2]!;
  const piece = `${variant.name} (${variant.size}, ${variant.color})`;
  const email = uniqueEmail('bis-nojs');
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  const setStock = async (value: number) => {
    const grid = await shop.api<StockPage>(`/admin/stock?q=${encodeURIComponent(variant.name)}`, { token });
    const now = grid.data.find((r) => r.variant_id === variant.variantId)!.stock;
    if (now !== value)
      await shop.api('/admin/stock', {
        method: 'POST',
        token,
        body: { changes: [{ variant_id: variant.variantId, field: 'stock', expected: now, value }] },
      });
  };
  try {
    await page.goto(`/product/${variant.slug}`);
    const form = page.getByRole('region', { name: "Tell me when it's back" });
    await form.getByLabel('Your email').fill('not an email');
    await form.getByRole('button', { name: "Tell me when it's back" }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByLabel('Your email')).toHaveValue('not an email');

    await form.getByLabel('Your email').fill(email);
    await form.getByRole('button', { name: "Tell me when it's back" }).click();
    await expect(form.getByRole('status')).toContainText(`We'll email you at ${email} when ${piece} is back in stock`);
    await page.screenshot({ path: `/tmp/bis-shots/no-js-asked.png` });

    // Back in stock: the mail comes, with its way out.
    await setStock(3);
    await expect
      .poll(async () => (await shop.lastMail(email)).subject, { timeout: 30_000 })
      .toBe(`Back in stock: ${piece}`);
    const stop = /(\/back-in-stock\/stop\?token=[A-Za-z0-9_-]+)/.exec((await shop.lastMail(email)).text)![1]!;

    // Another size still waits; the way out stops it in one click.
    await setStock(0);
    await page.goto(`/product/${variant.slug}`);
    await page.getByLabel('Your email').fill(email);
    await page.getByRole('button', { name: "Tell me when it's back" }).click();
    await expect(page.getByRole('status')).toContainText(`We'll email you at ${email}`);
    await page.goto(stop);
    await expect(page.getByText(`One size is still waiting to tell ${email}`)).toBeVisible();
    await page.screenshot({ path: `/tmp/bis-shots/no-js-stop.png` });
    await page.getByRole('button', { name: 'Stop my back-in-stock emails' }).click();
    await expect(page.getByRole('status')).toContainText(`we will not email ${email} about sizes coming back`);
    await page.goto(stop);
    await expect(page.getByText(`Nothing is waiting for ${email}`)).toBeVisible();
  } finally {
    await setStock(0);
  }
});
