import type { ProductPictures } from '@shop/contract';
import type { Locator, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { catalogue, expect, test, type ShopHelpers } from './fixtures';

/**
 * Pictures per colour, categories (docs/back-office.md). Each project
 * changes its OWN demo product (a swaddle or blanket no other spec looks at)
 * and puts its pictures back at the end; categories are made here.
 */
function productOf(info: TestInfo) {
  const byProduct = new Map<number, Set<string>>();
  for (const v of catalogue().filter((x) => x.category === 'swaddles-blankets' || x.category === 'nightwear'))
    byProduct.set(v.productId, (byProduct.get(v.productId) ?? new Set()).add(v.color));
  const ids = [...byProduct].filter(([, colours]) => colours.size >= 2).map(([id]) => id);
  const id = ids.at(info.project.name === 'phone' ? -1 : -2);
  if (!id) throw new Error('no demo product with two colours for this spec');
  return id;
}

async function adminToken(shop: ShopHelpers) {
  return (await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN })).token;
}

/** A small picture of one flat colour, made here (its bytes, so its key, are this test's own). */
const picture = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 64, height: 80, channels: 3, background } })
    .png()
    .toBuffer(),
});

const keysIn = (_page: Page, section: Locator) =>
  section
    .locator('input[type=hidden][name^="key_"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test('the owner uploads two pictures for a colour, orders them with the buttons, and the product page shows them', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  const productId = productOf(info);
  const token = await adminToken(shop);
  const before = await shop.api<ProductPictures>(`/admin/products/${productId}/pictures`, { token });
  const colour = before.colours[0]!;
  try {
    await adminSignIn(page);
    await page.goto(`/admin/products/${productId}/pictures`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(before.product.name);
    const section = page.getByRole('region', { name: new RegExp(colour.name) });

    // Make room: keep at most one of the demo's pictures (Remove, a plain form post).
    for (let n = (await keysIn(page, section)).length; n > 1; n--) {
      await section
        .getByRole('button', { name: /^Remove/ })
        .last()
        .click();
      await expect.poll(() => keysIn(page, section)).toHaveLength(n - 1);
    }
    const kept = await keysIn(page, section);

    // Four at once is refused, and nothing is saved.
    await section
      .getByLabel(`Add pictures of ${colour.name}`)
      .setInputFiles(
        await Promise.all(['#101010', '#202020', '#303030', '#404040'].map((c, i) => picture(`${i}.png`, c))),
      );
    await section.getByRole('button', { name: 'Save pictures' }).click();
    await expect(section.getByRole('alert')).toHaveText('A colour shows at most 3 pictures');
    expect(await keysIn(page, section)).toEqual(kept);

    const tint = info.project.name === 'phone' ? ['#c0306a', '#306ac0'] : ['#6ac030', '#c06a30'];
    await section
      .getByLabel(`Add pictures of ${colour.name}`)
      .setInputFiles([await picture('front.png', tint[0]!), await picture('back.png', tint[1]!)]);
    await section.getByRole('button', { name: 'Save pictures' }).click();
    await expect(page.getByText('Pictures saved: the shop shows them now.')).toBeVisible();
    const uploaded = (await keysIn(page, section)).slice(kept.length);
    expect(uploaded).toHaveLength(2);

    // The last one moves to the front with the keyboard: focus its Move up and press Enter, twice.
    const last = kept.length + 2;
    for (let n = last; n > 1; n--) {
      await section.getByRole('button', { name: `Move up picture ${n}` }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await keysIn(page, section)).indexOf(uploaded[1]!)).toBe(n - 2);
    }
    await expect(page.getByText('Picture moved up.')).toBeVisible();
    await section.getByLabel('Picture 1: alt text').fill('The back of the blanket');
    await section.getByRole('button', { name: 'Save pictures' }).click();
    await expect(page.getByText('Pictures saved: the shop shows them now.')).toBeVisible();
    await expectAxeClean(page);

    // At most 3 pictures: the field gives way to the rule.
    await expect(section.getByText('A colour shows at most 3 pictures: remove one to add another.')).toBeVisible();

    // The storefront's product page for that colour: the new picture first.
    const variant = catalogue().find((v) => v.productId === productId && v.color === colour.name)!;
    await page.goto(`/product/${variant.slug}`);
    const gallery = page.locator('main img[src*="/images/"]');
    await expect(gallery.first()).toHaveAttribute('src', new RegExp(uploaded[1]!));
    await expect(page.locator(`main img[src*="${uploaded[0]!}"]`).first()).toBeAttached();
  } finally {
    const now = await shop.api<ProductPictures>(`/admin/products/${productId}/pictures`, { token });
    await shop.api(`/admin/products/${productId}/pictures/${colour.color_id}`, {
      method: 'PUT',
      token,
      body: { version: now.product.version, pictures: colour.pictures.map((p) => ({ key: p.key, alt: p.alt })) },
    });
  }
});

test('the owner creates a category with a picture, sees it in the shop, hides it and it leaves', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const name = `Test quilts ${info.project.name} ${Date.now() % 100000}`;
  await adminSignIn(page);
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Picture', { exact: true }).setInputFiles([await picture('quilt.png', '#2f8f6f')]);
  await page.getByRole('button', { name: 'Create the category' }).click();
  await expect(page.getByText('Saved: the shop lists it now.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('0 products');
  await expectAxeClean(page);

  await page.goto('/categories');
  await expect(page.getByRole('main').getByText(name)).toBeVisible();

  await page.goto('/admin/categories');
  await row.getByRole('button', { name: `Hide ${name}` }).click();
  await expect(page.getByText('Hidden: it has left the shop’s menus and lists.')).toBeVisible();
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  // Empty, it can be deleted.
  await page.goto('/admin/categories');
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete the category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\?done=deleted/);
});
