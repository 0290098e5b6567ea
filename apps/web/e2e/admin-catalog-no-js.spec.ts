import sharp from 'sharp';
import { adminSignIn } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import type { ProductPictures } from '@shop/contract';
import { catalogue, expect, test } from './fixtures';

/** Without scripts: a category's picture goes up with a plain multipart form post. */
test('without scripts the owner creates a category with a picture, and a bad file gets a clear message', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `No-js bonnets ${Date.now() % 100000}`;
  await adminSignIn(page, E2E_ADMIN);
  await page.goto('/admin/categories');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page
    .getByLabel('Picture', { exact: true })
    .setInputFiles([{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') }]);
  await page.getByRole('button', { name: 'Create the category' }).click();
  await expect(page.getByRole('alert')).toContainText('notes.png: Choose a JPEG, PNG, WebP, HEIC or AVIF picture');

  const photo = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#8f2f6f' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page
    .getByLabel('Picture', { exact: true })
    .setInputFiles([{ name: 'bonnet.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await page.getByRole('button', { name: 'Create the category' }).click();
  await expect(page.getByText('Saved: the shop lists it now.')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.locator('img')).toHaveAttribute('src', /\/images\/160\/upload\//);

  // Delete it again: the shop's lists are shared by every spec.
  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Delete the category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\?done=deleted/);
});

/** A third product of its own (phone and desktop take the last two of admin-pictures.spec.ts). */
function productOfNoJs() {
  const byProduct = new Map<number, Set<string>>();
  for (const v of catalogue().filter((x) => x.category === 'swaddles-blankets' || x.category === 'nightwear'))
    byProduct.set(v.productId, (byProduct.get(v.productId) ?? new Set()).add(v.color));
  const ids = [...byProduct].filter(([, colours]) => colours.size >= 2).map(([id]) => id);
  return ids.at(-3)!;
}

test('without scripts the owner removes a picture and uploads one for a colour', async ({ page, shop }) => {
  test.setTimeout(120_000);
  const productId = productOfNoJs();
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  const before = await shop.api<ProductPictures>(`/admin/products/${productId}/pictures`, { token });
  const colour = before.colours[0]!;
  try {
    await adminSignIn(page, E2E_ADMIN);
    await page.goto(`/admin/products/${productId}/pictures`);
    const section = page.getByRole('region', { name: new RegExp(colour.name) });
    const keys = () =>
      section
        .locator('input[type=hidden][name^="key_"]')
        .evaluateAll((l) => l.map((i) => (i as HTMLInputElement).value));
    if ((await keys()).length === 3) {
      await section.getByRole('button', { name: 'Remove picture 3' }).click();
      await expect(page.getByText('Picture removed.')).toBeVisible();
    }
    const kept = await keys();
    const photo = await sharp({ create: { width: 60, height: 75, channels: 3, background: '#3f6f8f' } })
      .jpeg()
      .toBuffer();
    await section
      .getByLabel(`Add pictures of ${colour.name}`)
      .setInputFiles([{ name: 'quilt.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await section.getByRole('button', { name: 'Save pictures' }).click();
    await expect(page.getByText('Pictures saved: the shop shows them now.')).toBeVisible();
    expect(await keys()).toEqual([...kept, expect.stringMatching(/^upload\//)]);
  } finally {
    const now = await shop.api<ProductPictures>(`/admin/products/${productId}/pictures`, { token });
    await shop.api(`/admin/products/${productId}/pictures/${colour.color_id}`, {
      method: 'PUT',
      token,
      body: { version: now.product.version, pictures: colour.pictures.map((p) => ({ key: p.key, alt: p.alt })) },
    });
  }
});

test('a form post larger than 3 pictures of 15 MB is answered 413 before any action runs', async ({ shop }) => {
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  const post = (cookie?: string) =>
    fetch(`${shop.baseUrl}/admin/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...(cookie ? { cookie } : {}) },
      body: new Uint8Array(46 * 1024 * 1024 + 1),
    });
  const res = await post(`admin_session=${token}`);
  expect(res.status).toBe(413);
  expect(await res.text()).toContain('at most 3 pictures of 15 MB');
  // Without a back-office session a picture page takes no more than any form.
  const anonymous = await post();
  expect(anonymous.status).toBe(413);
  expect(await anonymous.text()).toBe('The form is too large: at most 100 kB');
});
