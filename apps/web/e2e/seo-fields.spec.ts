import type { AdminProductAnswer, AdminProductDetail } from '@shop/contract';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { ownerToken } from './after-the-sale-fixtures';
import { catalogue, expect, test } from './fixtures';

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * The owner writes a product's meta title (docs/product.md 'Search engine
 * fields') and the product page's head shows it: `<title>` and `og:title`.
 * The product is its own (a published copy of a demo product), deleted at the
 * end, so no other spec sees it change. At 375 px and 1440 px.
 */
test('the owner sets a product’s meta title and the product page’s title and og:title show it', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  const token = await ownerToken(shop);
  const { product: copy } = await shop.api<AdminProductAnswer>(
    `/admin/products/${catalogue()[0]!.productId}/duplicate`,
    { method: 'POST', token },
  );
  const published = await shop.api<AdminProductAnswer>(`/admin/products/${copy.id}/publish`, {
    method: 'POST',
    token,
    body: {},
  });
  const slug = published.product.variants.find((v) => v.is_active)!.slug;
  const metaTitle = `Smocked frock for little girls ${info.project.name} ${Date.now().toString(36)}`;

  try {
    // Before: the page's own title, the product's name and colour.
    await page.goto(`/product/${slug}`);
    await expect(page).toHaveTitle(startsWith(`${copy.name} - `));

    await adminSignIn(page);
    await page.goto(`/admin/products/${copy.id}`);
    const section = page.getByRole('group', { name: 'Search engines' });
    const title = section.getByLabel('Meta title (optional)');
    // Empty, it shows the page's own title greyed; with scripts a count follows what is typed.
    await expect(title).toHaveAttribute('placeholder', startsWith(`${copy.name} - `));
    await expect(section.getByText('0 of 70 characters')).toBeVisible();
    await title.fill(metaTitle);
    await expect(section.getByText(`${metaTitle.length} of 70 characters`)).toBeVisible();
    await section.getByLabel('Meta description (optional)').fill('Hand-smocked mulmul for summer afternoons.');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByRole('status')).toHaveText('Product saved.');
    await expect(title).toHaveValue(metaTitle);

    await page.goto(`/product/${slug}`);
    await expect(page).toHaveTitle(`${metaTitle} | Little Loom`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${metaTitle} | Little Loom`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Hand-smocked mulmul for summer afternoons.',
    );
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      'Hand-smocked mulmul for summer afternoons.',
    );
  } finally {
    // Never ordered: it goes for good, and the shop's lists are as they were.
    const now = await shop.api<AdminProductDetail>(`/admin/products/${copy.id}`, { token });
    await shop.api(`/admin/products/${copy.id}?version=${now.version}`, { method: 'DELETE', token });
  }
});
