import { catalogue, expect, hydrated, test, type CatalogueVariant } from './fixtures';
import type { Page } from '@playwright/test';

const productNames = (match: (v: CatalogueVariant) => boolean) => [
  ...new Set(
    catalogue()
      .filter(match)
      .map((v) => v.name),
  ),
];

/** Opens the header's search dialog (the magnifier, on phones and desktops alike; before the scripts, a link to /search). */
async function openSearch(page: Page) {
  await hydrated(page);
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search for a product' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Search for a product' });
  await expect(input).toBeFocused();
  return { dialog, input };
}

const resultNames = (page: Page) => page.locator('main article h3').allTextContents();

test('a typo in the header search still finds frocks, with suggestions on the way', async ({ page }) => {
  const frocks = productNames((v) => /frock/i.test(v.name));
  expect(frocks.length).toBeGreaterThan(3);
  await page.goto('/');
  const { dialog, input } = await openSearch(page);
  await input.fill('frok');

  // Live suggestions after a short pause: products, frocks first.
  const suggestions = dialog.getByRole('listbox', { name: 'Suggested products' });
  await expect(suggestions).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  const options = suggestions.getByRole('option');
  await expect(options.first()).toContainText('Frock');
  expect(await options.count()).toBeLessThanOrEqual(6);
  await expect(dialog.getByRole('link', { name: 'See all results for ‘frok’' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/products-search?q=frok');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “frok”');
  await expect(page.getByText(/^\d+ results? for "frok"$/)).toBeVisible();
  const names = await resultNames(page);
  expect(names[0]).toMatch(/Frock/);
  for (const frock of frocks) expect(names, `${frock} is among the results`).toContain(frock);

  // The address carries the query: a reload shows the same results.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “frok”');
  expect(await resultNames(page)).toEqual(names);
});

test('a suggestion opens its product', async ({ page }) => {
  await page.goto('/');
  const { dialog, input } = await openSearch(page);
  await input.fill('lehnga');
  const first = dialog.getByRole('option').first();
  await expect(first).toContainText('Lehenga');
  const name = (await first.locator('p').first().textContent())!;
  await first.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test("'lehnga' finds lehengas; nonsense shows no results with a way onward", async ({ page }) => {
  const lehengas = productNames((v) => /lehenga/i.test(v.name));
  expect(lehengas.length).toBeGreaterThan(1);
  await page.goto('/');
  const { dialog, input } = await openSearch(page);
  await input.fill('lehnga');
  await input.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/products-search?q=lehnga');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “lehnga”');
  const names = await resultNames(page);
  expect(names.sort()).toEqual([...lehengas].sort());

  // The results page's own search box: a word that matches nothing.
  const nonsense = 'qzxwvjk';
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search for a product' });
  await box.fill(nonsense);
  await box.press('Enter');
  await expect(page).toHaveURL(`/products-search?q=${nonsense}`);
  await expect(page.getByRole('heading', { name: `No products match "${nonsense}"` })).toBeVisible();
  await expect(page.getByText('Check the spelling, or try a shorter word')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse instead' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loved by our customers' })).toBeVisible();

  await page.getByRole('link', { name: 'Shop all products' }).click();
  await expect(page).toHaveURL('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop all');
});
