import {
  expect,
  expectHeaderSignedIn,
  expectToast,
  logInThroughForm,
  recordToasts,
  sessionCookie,
  shownToasts,
  test,
  variantsOf,
} from './fixtures';

test('a token revoked mid-session: the next cart change logs the shopper out', async ({ page, shop, isMobile }) => {
  const variant = variantsOf('dungarees', { minStock: 5 })[0]!;
  const shopper = await shop.shopper('revoked');
  await shop.setCart(shopper, variant, 1);
  await shop.signInBrowser(page, shopper);
  await recordToasts(page);
  await page.goto('/cart');
  const line = page.getByRole('main').getByRole('listitem').filter({ hasText: variant.name });
  const quantity = line.getByRole('group', { name: `Quantity of ${variant.name}` });
  await expect(quantity).toContainText('1');
  await expectHeaderSignedIn(page, isMobile, true);

  // Logged out elsewhere (another tab, a password reset): the browser still holds the old token.
  await shop.revoke(shopper);
  await quantity.getByRole('button', { name: `One more ${variant.name}` }).click();

  await expectToast(page, 'Logged out. Please log in again');
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/cart')}`);
  await expectHeaderSignedIn(page, isMobile, false);
  // Told once, in the spec's words (§8): not also the server's 401 text ('Please login to continue !'),
  // nor 'Please login to access this page' for the page they were on.
  expect.soft(await shownToasts(page)).toEqual(['Logged out. Please log in again']);
  // The browser forgot the ended session's cookie.
  expect(await sessionCookie(page)).toBeUndefined();

  // Nothing changed on the server.
  const cart = await shop.api<{ data: { quantity: number }[] }>('/carts', {
    token: await shop
      .api<{ token: string }>('/login', {
        method: 'POST',
        body: { email: shopper.email, password: shopper.password },
      })
      .then((r) => r.token),
  });
  expect(cart.data.map((l) => l.quantity)).toEqual([1]);
});

test('/orders while signed out: log in first, then land on /orders', async ({ page, shop }) => {
  const shopper = await shop.shopper('orders-later');
  await page.goto('/orders');
  await expectToast(page, 'Please login to access this page');
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/orders')}`);

  await logInThroughForm(page, shopper.email, shopper.password);
  await expectToast(page, 'Login Successfully !');
  await expect(page).toHaveURL('/orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Orders');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
});
