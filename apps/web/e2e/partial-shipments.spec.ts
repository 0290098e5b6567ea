import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, piecesOf, threeLineOrder, threeProducts } from './shipments-fixtures';

/**
 * Shipments (docs/back-office.md 'Shipments'): the owner ships a three-line order in two parcels,
 * the order partly shipped between them; the shopper's order page lists both with their pieces and
 * tracking links, and each parcel's mail has its own.
 */
test('the owner ships a three-line order in two parcels; the shopper sees both with tracking', async ({
  browser,
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  const shots = `/tmp/ship-shots/${info.project.name}`;
  const shopper = await shop.shopper('partial-ship');
  const [two, one, other] = threeProducts(info.project.name);
  const order = await threeLineOrder(shop, shopper, [two, one, other]);
  const first = `https://www.delhivery.com/track/package/DL${order.id}0001`;
  const second = `https://www.delhivery.com/track/package/DL${order.id}0002`;

  await adminSignIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  // Every piece left is in the parcel unless lowered: this one takes 1 of the 2, and the single one.
  await expect(piecesOf(page, two)).toHaveValue('2');
  await piecesOf(page, two).fill('1');
  await piecesOf(page, other).fill('0');
  await page.getByLabel('Carrier').selectOption('delhivery');
  await page.getByLabel('Tracking number').fill(`DL${order.id}0001`);
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-ship-form.png`, fullPage: true });
  await page.getByRole('button', { name: 'Ship order' }).click();

  await expect(page.getByText(/^Parcel shipped: the shopper has been mailed/)).toBeVisible();
  await expect(page.getByText('Partly shipped').first()).toBeVisible();
  await expect(page.getByText('Packaging', { exact: true }).first()).toBeVisible();
  const shipments = page.locator('section').filter({ has: page.getByRole('heading', { name: /^Shipments/ }) });
  await expect(shipments.getByRole('link', { name: first })).toBeVisible();
  await expect(shipments.getByRole('link', { name: 'Packing slip of parcel 1 (PDF)' })).toBeVisible();
  await expect
    .poll(async () => (await shop.lastMail(shopper.email)).subject, { timeout: 15_000 })
    .toBe(`Part of order #${order.id} is on its way`);
  expect((await shop.lastMail(shopper.email)).text).toContain(first);
  await expectAxeClean(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${shots}-partly-shipped.png`, fullPage: true });

  // The shopper's My Orders says it meanwhile.
  const context = await browser.newContext({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  const shopperPage = await context.newPage();
  await shop.signInBrowser(shopperPage, shopper);
  await shopperPage.goto('/orders');
  await expect(shopperPage.getByText('Partly shipped (1 parcel)')).toBeVisible();

  // The rest: what is left, as the form offers it.
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await expect(piecesOf(page, two)).toHaveValue('1');
  await expect(piecesOf(page, one)).toHaveCount(0);
  await expect(piecesOf(page, other)).toHaveValue('1');
  await page.getByLabel('Carrier').selectOption('delhivery');
  await page.getByLabel('Tracking number').fill(`DL${order.id}0002`);
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await expect(shipments.getByRole('link', { name: second })).toBeVisible();
  await expect(page.getByText('Partly shipped')).toHaveCount(0);
  await expect
    .poll(async () => (await shop.lastMail(shopper.email)).subject, { timeout: 15_000 })
    .toBe(`The rest of order #${order.id} is on its way`);
  expect((await shop.lastMail(shopper.email)).text).toContain(second);
  await page.screenshot({ path: `${shots}-shipped.png`, fullPage: true });

  // The shopper's order page: both parcels, their pieces and tracking links.
  await shopperPage.goto(`/order-details?order=${order.id}`);
  const parcels = shopperPage
    .locator('section')
    .filter({ has: shopperPage.getByRole('heading', { name: 'Shipments' }) });
  await expect(parcels.getByRole('link', { name: /^Track parcel 1/ })).toHaveAttribute('href', first);
  await expect(parcels.getByRole('link', { name: /^Track parcel 2/ })).toHaveAttribute('href', second);
  await expect(parcels.getByRole('listitem').filter({ hasText: 'Parcel 1' })).toContainText(`1 × ${two.name}`);
  await expect(parcels.getByRole('listitem').filter({ hasText: 'Parcel 1' })).toContainText(`1 × ${one.name}`);
  await expect(parcels.getByRole('listitem').filter({ hasText: 'Parcel 2' })).toContainText(`1 × ${other.name}`);
  await expectAxeClean(shopperPage);
  await expectNoSidewaysScroll(shopperPage);
  await shopperPage.screenshot({ path: `${shots}-shopper.png`, fullPage: true });
  await context.close();
});
