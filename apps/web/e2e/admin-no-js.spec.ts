import { paidOrder } from './admin-fixtures';
import { E2E_ADMIN } from './env';
import { expect, test, uniqueEmail, variantsOf } from './fixtures';

/** The back office without scripts: sign in, open an order, ship it through its confirm step. */
test('without scripts the owner signs in and ships an order', async ({ page, shop }) => {
  test.setTimeout(120_000);
  const shopper = await shop.shopper('admin-no-js');
  const order = await paidOrder(shop, shopper, variantsOf('rompers-jhablas', { minStock: 5 })[5]!);
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await page.getByLabel('Carrier').selectOption('other');
  await page.getByLabel(/Tracking URL/).fill('http://not-secure.example/1');
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByRole('alert')).toContainText('https://');
  await page.getByLabel(/Tracking URL/).fill('https://parcel.example/track/1');
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://parcel.example/track/1' })).toBeVisible();
});

/** Staff without scripts: the invitation, its link, and a role change are all form posts. */
test('without scripts the owner invites someone, who chooses a password, and changes their role', async ({
  browser,
  page,
  shop,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('nojs-staff');
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto('/admin/staff');
  await page.getByLabel('Name').fill('Ravi');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent')).toBeVisible();

  // Ravi opens the link in a browser of his own, scripts off too.
  const link = /https?:\/\/\S+\/admin\/invite\?\S+/.exec((await shop.lastMail(email)).text)![0];
  const theirs = await browser.newContext({ baseURL: shop.baseUrl, javaScriptEnabled: false });
  const ravisPage = await theirs.newPage();
  await ravisPage.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await ravisPage.getByLabel('New password').fill('ravi staff password');
  await ravisPage.getByRole('button', { name: 'Save and continue' }).click();
  await expect(ravisPage.getByText('Password saved. Sign in with it now.')).toBeVisible();
  await theirs.close();

  await page.goto('/admin/staff');
  const ravi = page.getByRole('listitem').filter({ hasText: email });
  await expect(ravi).toContainText('· staff');
  await ravi.getByLabel(`Role of ${email}`).selectOption('admin');
  await ravi.getByRole('button', { name: `Change role of ${email}` }).click();
  await expect(page.getByText('Role changed: it applies from their next click.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('· admin');
});
