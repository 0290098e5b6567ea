import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  CONSENT_COOKIE,
  expect,
  gotoHydrated,
  shopHelpers,
  test,
  variantsOf,
  type Order,
  type Shopper,
} from './fixtures';

/**
 * axe on every page: no 'serious' or 'critical' violation. Motion is reduced so
 * that no fade (the banner's, a text sliding in) is caught half-way.
 */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(serious, `serious or critical axe violations on ${new URL(page.url()).pathname}`).toEqual([]);
}

/** The page is rendered and its data has arrived: a main heading, no 'Loading...'. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

test.use({ contextOptions: { reducedMotion: 'reduce' } });

const PUBLIC_PAGES: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: /Little Loom/ },
  { path: '/shop', heading: 'Shop all' },
  { path: '/categories/frocks-dresses', heading: 'Frocks & Dresses' },
  { path: '/collections/festive-edit', heading: 'Festive Edit' },
  { path: '/search?q=frok', heading: 'Results for “frok”' },
  { path: '/login', heading: 'Welcome to Little Loom' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/otp-page', heading: 'Which account is it for?' },
  { path: '/menu', heading: 'Menu' },
  { path: '/contact', heading: 'We would love to hear from you' },
  { path: '/about', heading: /.+/ },
  { path: '/terms-and-conditions', heading: /Terms/ },
  { path: '/cancellation-and-refunds', heading: /Cancellation/ },
  { path: '/shipping-policy', heading: /Shipping/ },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/about-the-seller', heading: 'About the Seller' },
  { path: '/size-guide/frocks-dresses', heading: 'Size guide: Frocks & Dresses' },
  { path: '/no-such-page', heading: 'We could not find that page' },
];

for (const { path, heading } of PUBLIC_PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await settled(page, heading);
    await expectNoSeriousViolations(page);
  });
}

test('axe: a product page', async ({ page }) => {
  const variant = variantsOf('frocks-dresses', { minStock: 4 })[0]!;
  await gotoHydrated(page, `/product/${variant.slug}`);
  await settled(page, variant.name);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expectNoSeriousViolations(page);
});

test.describe('signed in, with items in the cart and an order', () => {
  let shopper: Shopper;
  let order: Order;

  test.beforeAll(async () => {
    const shop = shopHelpers();
    const [ordered, inCart] = [
      variantsOf('bags', { minStock: 6 })[0]!,
      variantsOf('booties-caps', { minStock: 6 })[0]!,
    ];
    shopper = await shop.shopper('a11y');
    const address = await shop.addAddress(shopper);
    await shop.setCart(shopper, ordered, 1);
    order = await shop.placeOrder(shopper, address.id);
    // The order emptied the cart: fill it again, and the wishlist.
    await shop.setCart(shopper, inCart, 2);
    await shop.api('/wishlist', {
      method: 'POST',
      token: shopper.token,
      body: { product_id: ordered.productId, product_variant_id: ordered.variantId },
    });
  });

  test.beforeEach(async ({ page, shop }) => {
    await shop.signInBrowser(page, shopper);
  });

  const pages: { path: string; heading: string; ready?: (page: Page) => Promise<void> }[] = [
    {
      path: '/cart',
      heading: 'Shopping Cart',
      ready: (page) => expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible(),
    },
    {
      path: '/checkout',
      heading: 'Checkout',
      ready: (page) => expect(page.getByRole('radio', { name: /14 Gulmohar Lane/ })).toBeChecked(),
    },
    {
      path: '/orders',
      heading: 'My Orders',
      ready: (page) => expect(page.getByText(`#${order.id}`, { exact: true })).toBeVisible(),
    },
    { path: '/order-details?order=<id>', heading: 'Order details' },
    { path: '/addresses', heading: 'Addresses' },
    { path: '/address/add', heading: 'Add a new address' },
    { path: '/my-profile', heading: 'My Profile' },
    { path: '/my-profile/password', heading: 'Change password' },
    { path: '/my-profile/email', heading: 'Change email' },
    { path: '/my-profile/delete', heading: 'Delete my account' },
    {
      path: '/wishlist',
      heading: 'Wishlist',
      ready: (page) => expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible(),
    },
    {
      path: '/pay?order=<id>',
      heading: 'Complete your payment',
      ready: (page) => expect(page.getByRole('button', { name: 'Make Payment' })).toBeVisible(),
    },
  ];

  for (const { path, heading, ready } of pages) {
    test(`axe: ${path}`, async ({ page }) => {
      await gotoHydrated(page, path.replace('<id>', String(order.id)));
      await settled(page, heading);
      await ready?.(page);
      await expectNoSeriousViolations(page);
    });
  }
});

test('keyboard: Tab reaches Shop and Enter opens it (desktop); the drawer opens and Escape closes it (phone)', async ({
  page,
  isMobile,
}) => {
  await gotoHydrated(page, '/');
  await expect(page.getByRole('heading', { name: 'CELEBRITY CLOSET' })).toBeAttached();

  if (isMobile) {
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    const drawer = page.getByRole('dialog', { name: /Menu/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();
    // And from the keyboard alone.
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    return;
  }

  const shopButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shop' });
  // The menu's own button first: were it to replace the stand-in between a Tab and the check below,
  // the check would miss the focus and Tab on past Shop. That moment has its own test (the next one).
  await expect(shopButton).toHaveAttribute('id', /radix/);
  let tabs = 0;
  while (!(await shopButton.evaluate((el) => el === document.activeElement))) {
    expect(++tabs, 'Shop is among the first stops of Tab').toBeLessThan(10);
    await page.keyboard.press('Tab');
  }
  await expect(shopButton).toBeFocused();
  await expect(shopButton).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(shopButton).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Frocks & Dresses' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'All collections' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shopButton).toHaveAttribute('aria-expanded', 'false');
  await expect(shopButton).toBeFocused();
});

test('keyboard: Tab on Shop before its menu has loaded keeps the focus when the menu arrives (desktop); phones never load it', async ({
  page,
  isMobile,
}) => {
  // The menu's behaviour is a chunk of its own (shop-menu.tsx); hold it back until the focus is on the stand-in.
  const requested: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/shop-menu-radix-[\w-]+\.js$/, async (route) => {
    requested.push(route.request().url());
    await held;
    await route.continue();
  });
  await gotoHydrated(page, '/');

  if (isMobile) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(requested).toEqual([]);
    release();
    return;
  }

  const shopButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shop' });
  await expect.poll(() => requested.length).toBeGreaterThan(0);
  for (let tabs = 0; !(await shopButton.evaluate((el) => el === document.activeElement)); tabs++) {
    expect(tabs, 'Shop is among the first stops of Tab').toBeLessThan(10);
    await page.keyboard.press('Tab');
  }
  await expect(shopButton).not.toHaveAttribute('id', /radix/); // the stand-in
  release();
  await expect(shopButton).toHaveAttribute('id', /radix/); // the menu's own button, in its place
  await expect(shopButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shopButton).toHaveAttribute('aria-expanded', 'true');
});

test('axe: the analytics consent banner', async ({ page }) => {
  await page.context().clearCookies({ name: CONSENT_COOKIE });
  await gotoHydrated(page, '/');
  await expect(page.getByRole('region', { name: 'May we count your visit with Google Analytics?' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('axe: the size guide dialog on a product page', async ({ page }) => {
  const variant = variantsOf('knitwear', { minStock: 1 })[0]!;
  await gotoHydrated(page, `/product/${variant.slug}`);
  await page.getByRole('link', { name: 'Size guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Size guide: Knitwear' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
