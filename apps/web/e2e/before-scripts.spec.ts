import { readFileSync } from 'node:fs';
import { shared } from './env';
import { expect, sessionCookie, test, variantsOf } from './fixtures';

/**
 * A shopper who types and presses Enter before the page's scripts
 * have run (seconds on a phone) sends a real POST. Here the scripts never come.
 */
test('the login form sent before the scripts run: a POST, no password in any URL or the log', async ({
  page,
  shop,
}) => {
  const password = `early-${Date.now().toString(36)}-secret`;
  const shopper = await shop.shopper('early', password);
  const urls: string[] = [];
  const posts: string[] = [];
  page.on('request', (r) => {
    urls.push(r.url());
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  await page.route('**/assets/*.js', (route) => route.abort());

  await page.goto('/login');
  const form = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Log In', exact: true }) });
  await form.getByLabel('Email address').fill(shopper.email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password', { exact: true }).press('Enter');

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Login Successfully !');
  expect(await sessionCookie(page)).toBeDefined();
  expect(posts).toEqual(['/login']);
  for (const url of urls) {
    expect(url).not.toContain(password);
    expect(url).not.toContain(encodeURIComponent(shopper.email));
  }
  // The shop logs every request (global-setup): the login's is there, the password is not.
  await expect.poll(() => readFileSync(shared().serverLogPath, 'utf8')).toContain('"url":"/login"');
  expect(readFileSync(shared().serverLogPath, 'utf8')).not.toContain(password);

  // Signed in, as the server renders it.
  await page.goto('/my-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
});

test("a form posted from another site is refused, with or without the shopper's cookie", async ({
  page,
  shop,
  request,
}) => {
  const refused =
    "This request did not come from the shop's own pages, so it was refused. Please try again from the shop.";
  const login = await request.post('/login', {
    form: { intent: 'login', email: 'someone@example.com', password: 'whatever it is' },
    headers: { origin: 'https://evil.example' },
  });
  expect(login.status()).toBe(403);
  expect(await login.text()).toBe(refused);

  // A signed-in shopper's cart, posted to by another site's form.
  const variant = variantsOf('dungarees', { minStock: 5 })[1]!;
  const shopper = await shop.shopper('csrf');
  await shop.signInBrowser(page, shopper);
  const cookie = `session=${shopper.token}`;
  const body = { product_id: String(variant.productId), product_variant_id: String(variant.variantId), quantity: '3' };
  const attempts: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
    {},
  ];
  for (const headers of attempts) {
    const res = await request.post('/cart', { form: body, headers: { ...headers, cookie } });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
  }
  // The API answers the same to the cookie alone.
  const api = await request.post('/api/v1/carts', {
    data: { ...body, product_id: variant.productId, product_variant_id: variant.variantId, quantity: 3 },
    headers: { origin: 'https://evil.example', cookie },
  });
  expect(api.status()).toBe(403);
  expect((await api.json()) as unknown).toMatchObject({ message: refused });
  const cart = await shop.api<{ data: unknown[] }>('/carts', { token: shopper.token });
  expect(cart.data).toEqual([]);

  // From the shop's own page the same form goes through.
  const own = await request.post('/cart', { form: body, headers: { origin: shop.baseUrl, cookie }, maxRedirects: 0 });
  expect(own.status()).toBe(302);
  expect((await shop.api<{ data: unknown[] }>('/carts', { token: shopper.token })).data).toHaveLength(1);
});
