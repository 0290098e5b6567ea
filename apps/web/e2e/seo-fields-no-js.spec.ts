import type { AdminProductAnswer, AdminProductDetail } from '@shop/contract';
import { adminSignIn } from './admin-fixtures';
import { ownerToken } from './after-the-sale-fixtures';
import { catalogue, expect, test } from './fixtures';

/** The 'Search engines' fields without scripts (docs/product.md 'Search engine fields'): plain fields that post. */
test('without scripts the owner saves and empties a product’s meta title', async ({ page, shop }) => {
  test.setTimeout(90_000);
  const token = await ownerToken(shop);
  // Its own product: an unpublished copy of a demo product, deleted at the end.
  const { product: copy } = await shop.api<AdminProductAnswer>(
    `/admin/products/${catalogue()[1]!.productId}/duplicate`,
    { method: 'POST', token },
  );
  try {
    await adminSignIn(page);
    await page.goto(`/admin/products/${copy.id}`);
    const section = page.getByRole('group', { name: 'Search engines' });
    await expect(section.getByText('At most 70 characters.')).toBeVisible();
    await section.getByLabel('Meta title (optional)').fill('  Mulmul frock for babies  ');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status')).toHaveText('Product saved.');
    await expect(section.getByLabel('Meta title (optional)')).toHaveValue('Mulmul frock for babies');
    let saved = await shop.api<AdminProductDetail>(`/admin/products/${copy.id}`, { token });
    expect(saved.meta_title).toBe('Mulmul frock for babies');

    await section.getByLabel('Meta title (optional)').fill('');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status')).toHaveText('Product saved.');
    saved = await shop.api<AdminProductDetail>(`/admin/products/${copy.id}`, { token });
    expect(saved.meta_title).toBeNull();
  } finally {
    const now = await shop.api<AdminProductDetail>(`/admin/products/${copy.id}`, { token });
    await shop.api(`/admin/products/${copy.id}?version=${now.version}`, { method: 'DELETE', token });
  }
});
