import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, expectToast, paymentSheet, sheetAmount, test, variantsOf } from './fixtures';

/**
 * Every Content-Security-Policy violation the page reports, as
 * 'directive blocked-url', and the browser's CSP console errors.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (v: string) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        void (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.violatedDirective} ${e.blockedURI}`,
        ),
      true,
    );
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

test('home, product, cart, checkout and pay run under the Content-Security-Policy with no violation', async ({
  page,
  shop,
}) => {
  test.setTimeout(90_000);
  const violations = await watchCsp(page);
  const product = variantsOf('knitwear', { minStock: 10 })[0]!;
  const shopper = await shop.shopper('csp');
  await shop.signInBrowser(page, shopper);

  // Signed in, the home page is the one kept for shoppers with this cart (its scripts allowed by their hashes);
  // the cart, checkout and pay pages are rendered for the request (a nonce).
  const home = await page.goto('/');
  expect(home!.headers()['content-security-policy'] ?? '').toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' /);
  expect(home!.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  const cart = await page.goto('/cart');
  expect(cart!.headers()['content-security-policy'] ?? '').toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'self'/);
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();

  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

  await shop.setCart(shopper, product, 1);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();

  const address = await shop.addAddress(shopper);
  await page.goto('/checkout');
  await expect(page.getByText(address.address).first()).toBeVisible();

  const order = await shop.placeOrder(shopper, address.id);
  await page.goto(`/pay?order=${order.id}`);
  // The demo's provider takes no money, and the page says so.
  await expect(page.getByRole('note')).toHaveText('Test payments — no money is taken');
  await page.getByRole('button', { name: 'Make Payment' }).click();
  const sheet = paymentSheet(page);
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: `Pay ${sheetAmount(order.total)}` }).click();
  await expectToast(page, 'Payment received. Thank you for your order!');
  await expect(page).toHaveURL(`/order-details?order=${order.id}`);

  expect(violations).toEqual([]);

  // The policy is enforced: a script without the page's nonce does not run, and is reported.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('anonymous pages from the page cache run under their hash-based policy with no violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const product = variantsOf('knitwear', { minStock: 1 })[0]!;
  for (const path of ['/', `/product/${product.slug}`]) {
    // Kept by the first visit, if no one kept it before. Tests running beside this one change the
    // catalogue, which empties the cache: the pair goes again until the page was kept.
    let res: Awaited<ReturnType<typeof page.goto>> = null;
    await expect
      .poll(
        async () => {
          await page.request.get(path);
          res = await page.goto(path);
          return res!.headers()['x-page-cache'];
        },
        { timeout: 30_000 },
      )
      .toBe('hit');
    const policy = res!.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' /);
    expect(policy).not.toContain("'nonce-");
    // The scripts start after load (their text allowed by its hash) and hydrate the page.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }
  // A navigation in the page (React Router's data request) works too.
  await page.getByRole('link', { name: 'Little Loom' }).first().click();
  await expect(page).toHaveURL('/');
  expect(violations).toEqual([]);
  // A script whose text the policy does not name does not run.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
});

test("a signed-in shopper's page, kept for everyone with the same cart, hydrates as theirs", async ({
  page,
  request,
  shop,
}) => {
  const violations = await watchCsp(page);
  const errors: string[] = [];
  page.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
  page.on('pageerror', (err) => void errors.push(err.message));
  const product = variantsOf('knitwear', { minStock: 10 })[1]!;
  const [first, second] = [await shop.shopper('kept-a'), await shop.shopper('kept-b')];
  await shop.signInBrowser(page, second);
  // The first shopper's visit keeps the page, then the second is given it. Tests running beside this
  // one change the catalogue, which empties the cache: the pair goes again until the page was kept.
  await expect
    .poll(
      async () => {
        await request.get(`/product/${product.slug}`, { headers: { cookie: `session=${first.token}` } });
        return (await page.goto(`/product/${product.slug}`))!.headers()['x-page-cache'];
      },
      { timeout: 30_000 },
    )
    .toBe('shared-hit');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // Nothing of the shopper who made the page: the page is this shopper's once its scripts run.
  expect(await page.content()).not.toContain(first.email);
  await page.locator('footer a[href="/contact"]').first().click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByLabel('Email')).toHaveValue(second.email);
  expect(violations).toEqual([]);
  // React would say so, had the page it drew differed from the one it was given (a hydration error).
  expect(errors).toEqual([]);
});

/** GET a page of the shop with a Host header of our choosing (browsers cannot forge one). */
function getWithHost(baseUrl: string, path: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseUrl), { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

test('absolute links come from PUBLIC_URL, not from a forged Host header', async ({ baseURL }) => {
  const evil = 'evil.example';
  const home = await getWithHost(baseURL!, '/', evil);
  expect(home).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
  expect(home).toContain(`"url":"${baseURL}/"`);
  const robots = await getWithHost(baseURL!, '/robots.txt', evil);
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await getWithHost(baseURL!, '/sitemap.xml', evil);
  expect(sitemap).toContain(`<loc>${baseURL}/shop</loc>`);
  for (const body of [home, robots, sitemap]) expect(body).not.toContain(evil);
});
