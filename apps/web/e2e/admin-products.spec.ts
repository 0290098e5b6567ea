import type { AdminProductDetail, ProductPictures } from '@shop/contract';
import sharp from 'sharp';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { expect, test } from './fixtures';

/** A photo as a phone's camera roll gives it: a JPEG, turned by its EXIF orientation. */
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 90, height: 60, channels: 3, background } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer(),
});

/**
 * The owner adds a product (docs/back-office.md 'Products'): details, two colours × three
 * sizes with prices and stock, then Publish, refused while its colours have no
 * pictures; pictures from the camera roll for each colour; Publish; and the
 * shop shows it at once: product page, category listing, search, sitemap.
 * Only its own product is created and changed, and it is unpublished at the end
 * (other specs count what the shop lists). At 375 px and 1440 px.
 */
test('the owner creates a product with a 2 × 3 grid and pictures, publishes it, and the shop shows it at once', async ({
  page,
}, info) => {
  // A long journey (pictures resized by sharp, then the shop's pages): 2 minutes ran out on a busy machine.
  test.setTimeout(240_000);
  const shots = `/tmp/admin-shots/${info.project.name}`;
  const name = `E2E smocked frock ${info.project.name} ${Date.now().toString(36)}`;

  await adminSignIn(page);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-products.png`, fullPage: true });

  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New product');
  await page.getByRole('button', { name: 'Create product' }).click();
  // The browser's own checks stop an empty name; the server's are tested through the API.
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description (optional)', { exact: true }).fill('Hand-smocked mulmul, soft on the skin.');
  await page.getByLabel('Care details (optional)').fill('Hand wash cold\nDry in shade');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Tags (optional)').fill('summer, smocked');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(page.getByRole('status')).toContainText('Product created (unpublished)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const id = Number(/\/admin\/products\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('link', { name: 'Pictures' })).toHaveAttribute('href', `/admin/products/${id}/pictures`);

  const choice = page.getByRole('form', { name: 'Colours and sizes' });
  const colours = choice.getByRole('group', { name: 'Colours' }).getByRole('checkbox');
  const sizes = choice.getByRole('group', { name: 'Sizes' }).getByRole('checkbox');
  await colours.nth(0).check();
  await colours.nth(1).check();
  for (const i of [0, 1, 2]) await sizes.nth(i).check();
  await choice.getByRole('button', { name: 'Make the grid' }).click();

  const grid = page.getByRole('form', { name: 'Variants' });
  const mrps = grid.getByLabel(/^MRP of /);
  await expect(mrps).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    await mrps.nth(i).fill('1499.50');
    await grid
      .getByLabel(/^Selling price of /)
      .nth(i)
      .fill(i === 0 ? '1599' : '1299.25');
    await grid
      .getByLabel(/^Stock of /)
      .nth(i)
      .fill(String(i + 2));
  }
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-product-grid.png`, fullPage: true });
  await grid.getByRole('button', { name: 'Save variants' }).click();
  // A price above the MRP is refused in words, and nothing was saved.
  await expect(page.getByRole('alert')).toContainText('selling price cannot be above the MRP');
  await page
    .getByRole('form', { name: 'Variants' })
    .getByLabel(/^Selling price of /)
    .first()
    .fill('1299.25');
  await page.getByRole('form', { name: 'Variants' }).getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByRole('status')).toHaveText('Variants saved.');
  await expect(
    page
      .getByRole('form', { name: 'Variants' })
      .getByLabel(/^Stock of /)
      .last(),
  ).toHaveValue('7');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('alert')).toContainText('Add a picture of the colour');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-product-refused.png`, fullPage: true });

  const product = (await (await page.request.get(`/api/v1/admin/products/${id}`)).json()) as AdminProductDetail;
  expect(product.variants).toHaveLength(6);
  expect(product.variants.every((v) => v.mrp === 1499.5 && v.selling_price === 1299.25)).toBe(true);
  expect(product.is_active).toBe(false);
  const slug = product.variants[0]!.slug;
  const shopPage = await page.goto(`/product/${slug}`);
  expect(shopPage?.status()).toBe(404);

  // The list finds it by a tag, unpublished.
  await page.goto(`/admin/products?q=smocked&status=unpublished&sort=newest`);
  await expect(page.getByRole('link', { name }).filter({ visible: true })).toBeVisible();

  // Pictures from the camera roll, one colour at a time (several files at once).
  await page.goto(`/admin/products/${id}/pictures`);
  const pictures = (await (await page.request.get(`/api/v1/admin/products/${id}/pictures`)).json()) as ProductPictures;
  const colourNames = pictures.colours.map((c) => c.name);
  expect(colourNames).toHaveLength(2);
  for (const [i, colour] of colourNames.entries()) {
    const section = page.getByRole('region', { name: new RegExp(colour) });
    await section
      .getByLabel(`Add pictures of ${colour}`)
      .setInputFiles([
        await photo(`IMG_${i}1.jpg`, i ? '#3a6ea5' : '#c8553d'),
        await photo(`IMG_${i}2.jpg`, '#f2d0a4'),
      ]);
    await section.getByRole('button', { name: 'Save pictures' }).click();
    await expect(page.getByText('Pictures saved: the shop shows them now.')).toBeVisible();
    // This colour's save is over (the message may still be the colour before's).
    await expect(section.getByRole('img')).toHaveCount(2);
    await expect(section.getByRole('button', { name: 'Save pictures' })).toBeEnabled();
  }
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-product-pictures.png`, fullPage: true });

  try {
    await page.goto(`/admin/products/${id}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status')).toContainText('Published');

    // The shop, at once: its page (the photo turned upright), its category, search and the sitemap.
    await page.goto(`/product/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const shown = page.locator('main img[src*="/images/"][src*="upload/"]').first();
    await expect(shown).toBeAttached();
    const categoryLink = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1);
    const categoryPath = (await categoryLink.getAttribute('href'))!;
    expect(categoryPath).toMatch(/^\/categories\//);
    await page.goto(`${categoryPath}?sort=newest`);
    await expect(page.getByRole('main').getByRole('link', { name }).first()).toBeVisible();
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('main').getByRole('link', { name }).first()).toBeVisible();
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`/product/${slug}`);
  } finally {
    // Off the shop again: other specs count what listings and the home page show.
    await page.goto(`/admin/products/${id}`);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByRole('status')).toContainText('Unpublished');
  }
});
