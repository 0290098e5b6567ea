import { adminSignIn } from './admin-fixtures';
import { expect, test } from './fixtures';
import { piecesOf, threeLineOrder, threeProducts } from './shipments-fixtures';

/** Shipments without scripts: the ship form's pieces post, a parcel of none is refused in words, two parcels ship the order. */
test('without scripts the owner ships an order in two parcels', async ({ browser, page, shop }, info) => {
  test.setTimeout(120_000);
  const shopper = await shop.shopper('partial-ship-no-js');
  const [two, one, other] = threeProducts(info.project.name);
  const order = await threeLineOrder(shop, shopper, [two, one, other]);
  const first = `https://parcel.example/track/${order.id}-1`;
  const second = `https://parcel.example/track/${order.id}-2`;

  await adminSignIn(page);
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  for (const product of [two, one, other]) await piecesOf(page, product).fill('0');
  await page.getByLabel('Carrier').selectOption('other');
  await page.getByLabel(/Tracking URL/).fill(first);
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose at least one piece to ship');

  await piecesOf(page, one).fill('1');
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText(/^Parcel shipped: the shopper has been mailed/)).toBeVisible();
  await expect(page.getByText('Partly shipped').first()).toBeVisible();
  await expect(page.getByRole('link', { name: first })).toBeVisible();

  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await expect(piecesOf(page, one)).toHaveCount(0);
  await page.getByLabel('Carrier').selectOption('other');
  await page.getByLabel(/Tracking URL/).fill(second);
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await expect(page.getByRole('link', { name: second })).toBeVisible();

  const context = await browser.newContext({ baseURL: shop.baseUrl, javaScriptEnabled: false });
  const shopperPage = await context.newPage();
  await shop.signInBrowser(shopperPage, shopper);
  await shopperPage.goto(`/order-details?order=${order.id}`);
  await expect(shopperPage.getByRole('link', { name: /^Track parcel 1/ })).toHaveAttribute('href', first);
  await expect(shopperPage.getByRole('link', { name: /^Track parcel 2/ })).toHaveAttribute('href', second);
  await context.close();
});
