import { adminSignIn, adminSignOut, expectAxeClean, paidOrder } from './admin-fixtures';
import { expect, test, variantsOf } from './fixtures';

/**
 * The owner's day: sign in at /admin, find the paid order waiting,
 * ship it with a tracking number (the shopper's mail has the link and their
 * Track Order opens it), then mark it delivered. At 375 px and 1440 px.
 */
test('the owner ships a paid order with a tracking number and marks it delivered', async ({ page, shop }, info) => {
  test.setTimeout(120_000);
  const shopper = await shop.shopper('admin-ship');
  const variant = variantsOf('rompers-jhablas', { minStock: 5 })[info.project.name === 'phone' ? 0 : 1]!;
  const order = await paidOrder(shop, shopper, variant);
  const shots = `/tmp/admin-shots/${info.project.name}`;

  await adminSignIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-dashboard.png`, fullPage: true });

  if (info.project.name === 'phone') {
    // The phone menu closes once one of its links has led on.
    await page.getByText('Menu', { exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(menu).toBeHidden();
  }

  await page.goto('/admin/orders?status=packaging');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-orders.png`, fullPage: true });
  await page
    .getByRole('link', { name: new RegExp(`#${order.id}\\b`) })
    .filter({ visible: true })
    .click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.id}`);
  await expectAxeClean(page);
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await page.getByLabel('Carrier').selectOption('delhivery');
  await page.getByLabel('Tracking number').fill(`DL${order.id}00042`);
  await expectAxeClean(page);
  await page.screenshot({ path: `${shots}-ship.png`, fullPage: true });
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  const trackingUrl = `https://www.delhivery.com/track/package/DL${order.id}00042`;
  await expect(page.getByRole('link', { name: trackingUrl })).toBeVisible();
  // A long tracking link wraps: the page never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await page.screenshot({ path: `${shots}-shipped.png`, fullPage: true });

  // The mail goes out after the commit (the outbox worker): the order's confirmation may still be the last one.
  await expect
    .poll(async () => (await shop.lastMail(shopper.email)).subject, { timeout: 15_000 })
    .toBe(`Order #${order.id} is on its way`);
  expect((await shop.lastMail(shopper.email)).text).toContain(trackingUrl);

  // The shopper's order page: Track Order leads to the carrier's page.
  const shopperPage = await page
    .context()
    .browser()!
    .newPage({ baseURL: shop.baseUrl, viewport: page.viewportSize()! });
  await shop.signInBrowser(shopperPage, shopper);
  await shopperPage.goto(`/order-details?order=${order.id}`);
  await expect(shopperPage.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', trackingUrl);
  await shopperPage.close();

  await page.getByRole('link', { name: 'Mark delivered' }).click();
  await page.getByRole('button', { name: 'Yes, mark delivered' }).click();
  await expect(page.getByText('Marked delivered: the shopper has been mailed.')).toBeVisible();
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();

  // The history says who acted in words, never the stored codes ('shopper', 'provider:browser', 'admin:1').
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'History' }) });
  await expect(history).toContainText('The shopper (admin-ship)');
  await expect(history).toContainText(/Test payments \((at checkout|payment notice)\)/);
  await expect(history).toContainText('(admin)');
  await expect(history).not.toContainText(/\b(shopper|provider|staff|admin):|· shopper ·/);
  await history.screenshot({ path: `${shots}-history.png` });
});

test('a shopper session never opens /admin, and signing out ends the back office session', async ({ page, shop }) => {
  const shopper = await shop.shopper('admin-not-me');
  await shop.signInBrowser(page, shopper);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders/);
  await expectAxeClean(page);
  await adminSignIn(page, shopper, { refused: true });
  await expect(page.getByRole('alert')).toHaveText('This account has no access to the back office.');

  await adminSignIn(page);
  const robots = await page.locator('meta[name="robots"]').getAttribute('content');
  expect(robots).toContain('noindex');
  await adminSignOut(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the owner ships ticked orders from one sheet and prints their packing slips', async ({ page, shop }, info) => {
  test.setTimeout(120_000);
  const variants = variantsOf('rompers-jhablas', { minStock: 5 });
  const pick = info.project.name === 'phone' ? 3 : 4;
  const shopper = await shop.shopper('admin-bulk');
  const first = await paidOrder(shop, shopper, variants[pick]!);
  const second = await paidOrder(shop, shopper, variants[pick]!);
  await adminSignIn(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(shopper.email)}`);
  for (const order of [first, second]) {
    await page
      .getByRole('checkbox', { name: `Select order #${order.id}` })
      .filter({ visible: true })
      .check();
  }
  const [pdf] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/admin/orders/slips')),
    page.getByRole('button', { name: 'Packing slips' }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  await page.goto(`/admin/orders?q=${encodeURIComponent(shopper.email)}`);
  for (const order of [first, second]) {
    await page
      .getByRole('checkbox', { name: `Select order #${order.id}` })
      .filter({ visible: true })
      .check();
  }
  await page.getByRole('button', { name: 'Ship…' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ship 2 orders');
  for (const order of [first, second]) {
    await page.locator(`input[name="number_${order.id}"]`).fill(`XB${order.id}99`);
    await page.locator(`select[name="carrier_${order.id}"]`).selectOption('xpressbees');
  }
  await expectAxeClean(page);
  await page.screenshot({ path: `/tmp/admin-shots/${info.project.name}-bulk.png`, fullPage: true });
  await page.getByRole('button', { name: 'Ship all' }).click();
  await expect(page.getByText('2 of 2 shipped.', { exact: false })).toBeVisible();
  await expect
    .poll(async () => (await shop.lastMail(shopper.email)).subject, { timeout: 15_000 })
    .toMatch(/is on its way/);
});
