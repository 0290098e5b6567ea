import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  CONSENT_COOKIE,
  E2E_GA_ID,
  expect,
  expectHeaderSignedIn,
  expectToast,
  gotoHydrated,
  orderCard,
  sessionCookie,
  test,
  uniqueEmail,
  variantsOf,
} from './fixtures';

/** What a careful shopper meets around paying, their account and the shop's promises. */

test('the pay page and My Orders say until when an unpaid order is held', async ({ page, shop }) => {
  const shopper = await shop.shopper('payby');
  const address = await shop.addAddress(shopper);
  await shop.setCart(shopper, variantsOf('bags', { minStock: 4 })[0]!, 1);
  const order = await shop.placeOrder(shopper, address.id);
  const due = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(order.payment_due_at));
  await shop.signInBrowser(page, shopper);

  await page.goto(`/pay?order=${order.id}`);
  await expect(page.getByText(new RegExp(`^Pay by ${due}( on .+)? to keep these pieces$`))).toBeVisible();

  await page.goto('/orders');
  await expect(orderCard(page, order.id).getByText(/^Pay by .+ to keep these pieces$/)).toBeVisible();
});

test.describe('your account', () => {
  test('change password: the current one is required; every other session ends, this one goes on anew', async ({
    page,
    shop,
  }) => {
    const shopper = await shop.shopper('pwpage');
    const elsewhere = await shop.shopper('pwpage-other'); // another account stays signed in
    const { token: otherDevice } = await shop.api<{ token: string }>('/login', {
      method: 'POST',
      body: { email: shopper.email, password: shopper.password },
    });
    await shop.signInBrowser(page, shopper);
    await gotoHydrated(page, '/my-profile');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change password');

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password').fill('a whole new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your current password is not right')).toBeVisible();

    await page.getByLabel('Current password').fill(shopper.password);
    await page.getByLabel('New password').fill('a whole new secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectToast(page, 'Password changed successfully');
    await expect(page).toHaveURL('/my-profile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile'); // still signed in here
    // ...under a new session: the cookie's old token is ended with the others.
    const renewed = (await sessionCookie(page))?.value;
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(shopper.token);
    await expect(shop.api('/user/me', { token: shopper.token })).rejects.toThrow(/401/);
    await expect(shop.api('/user/me', { token: otherDevice })).rejects.toThrow(/401/);
    await expect(shop.api('/user/me', { token: elsewhere.token })).resolves.toBeTruthy();
  });

  test('change email: a code sent to the new address confirms it', async ({ page, shop }) => {
    const shopper = await shop.shopper('emailpage');
    const next = uniqueEmail('emailpage-new');
    await shop.signInBrowser(page, shopper);
    await gotoHydrated(page, '/my-profile/email');
    await page.getByLabel('New email address').fill(next);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectToast(page, /^We sent a code to your new email address/);
    await expect(page).toHaveURL('/my-profile/email?step=code');
    const mail = await shop.lastMail(next);
    expect(mail.subject).toBe('Confirm your new Little Loom email address');
    const code = /^\s*(\d{6})\r?$/m.exec(mail.text)![1]!; // on a line of its own
    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expectToast(page, 'Your email address has been changed');
    await expect(page).toHaveURL('/my-profile');
    await expect(page.getByLabel('Email')).toHaveValue(next);
  });

  test('download my data: a JSON file of the profile, addresses and orders', async ({ page, shop }) => {
    const shopper = await shop.shopper('datapage');
    const address = await shop.addAddress(shopper);
    await shop.setCart(shopper, variantsOf('bags', { minStock: 4 })[0]!, 1);
    const order = await shop.placeOrder(shopper, address.id);
    await shop.signInBrowser(page, shopper);
    await gotoHydrated(page, '/my-profile');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('little-loom-my-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      profile: { email: string };
      addresses: { name: string }[];
      orders: { id: number }[];
    };
    expect(data.profile.email).toBe(shopper.email);
    expect(data.addresses.map((a) => a.name)).toEqual(['datapage']);
    expect(data.orders.map((o) => o.id)).toEqual([order.id]);
  });

  test('delete my account: confirmed with the password, then signed out for good', async ({ page, shop, isMobile }) => {
    const shopper = await shop.shopper('deletepage');
    await shop.signInBrowser(page, shopper);
    await gotoHydrated(page, '/my-profile');
    await page.getByRole('link', { name: 'Delete my account' }).click();
    await expect(page.getByText('What stays:')).toBeVisible();
    await page.getByLabel('Your password').fill(shopper.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, /^Your account has been deleted\./);
    await expect(page).toHaveURL('/');
    await expectHeaderSignedIn(page, isMobile, false);
    await expect(
      shop.api('/login', { method: 'POST', body: { email: shopper.email, password: shopper.password } }),
    ).rejects.toThrow(/401/);
  });

  test("a new address's recipient starts as the account's name", async ({ page, shop }) => {
    const shopper = await shop.shopper('recipientpage');
    await shop.signInBrowser(page, shopper);
    await gotoHydrated(page, '/address/add');
    await expect(page.getByLabel("Recipient's name")).toHaveValue('recipientpage');
  });
});

test.describe('what an Indian online shop must show', () => {
  test("every page's footer names the seller and the grievance officer", async ({ page }) => {
    await page.goto('/shop');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Sold by Little Loom Handcrafts Private Limited');
    await expect(footer).toContainText('GSTIN 08AABCL1234F1Z5');
    await expect(footer).toContainText('Grievance officer: Meera Sharma');
    await expect(footer).toContainText('We acknowledge every complaint within 48 hours.');
    await footer.getByRole('link', { name: 'About the seller', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About the Seller');
    await expect(page.getByRole('main')).toContainText('14 Artisans Lane, C-Scheme, Jaipur 302001');
    await expect(page.getByRole('main')).toContainText('grievance@littleloom.example');
  });

  test('the privacy policy quotes the retention periods and links the self-service pages', async ({ page }) => {
    await page.goto('/privacy-policy');
    const main = page.getByRole('main');
    await expect(main).toContainText('Page views: 180 days');
    await expect(main.getByRole('link', { name: 'download a copy' })).toHaveAttribute('href', '/my-profile/data');
    await expect(main.getByRole('link', { name: 'delete your account' })).toHaveAttribute('href', '/my-profile/delete');
    await expect(main).toContainText('Meera Sharma');
  });

  test('the product page says where the piece was made', async ({ page }) => {
    const variant = variantsOf('frocks-dresses', { minStock: 1 })[0]!;
    await page.goto(`/product/${variant.slug}`);
    await expect(page.getByText('Country of origin: Made in India')).toBeVisible();
  });

  test('the checkout links the return, delivery and payment terms before paying', async ({ page, shop }) => {
    const shopper = await shop.shopper('terms');
    await shop.addAddress(shopper);
    await shop.setCart(shopper, variantsOf('bags', { minStock: 4 })[0]!, 1);
    await shop.signInBrowser(page, shopper);
    await page.goto('/checkout');
    const form = page.getByRole('main');
    await expect(form.getByRole('link', { name: 'return, refund and exchange policy' })).toHaveAttribute(
      'href',
      '/cancellation-and-refunds',
    );
    await expect(form.getByRole('link', { name: 'delivery terms' })).toHaveAttribute('href', '/shipping-policy');
    await expect(form.getByRole('link', { name: 'payment terms' })).toHaveAttribute(
      'href',
      '/terms-and-conditions#orders-and-payment',
    );
  });
});

test.describe('analytics consent', () => {
  /** Requests to Google are answered here (the tests run offline); the list says whether GA loaded. */
  async function watchGoogle(page: Page) {
    const asked: string[] = [];
    await page.route(/googletagmanager\.com|google-analytics\.com/, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    return asked;
  }

  test('Google Analytics waits for Accept; the shop counts the page view regardless', async ({ page }) => {
    await page.context().clearCookies({ name: CONSENT_COOKIE });
    const google = await watchGoogle(page);
    const views = page.waitForRequest((r) => r.url().endsWith('/api/v1/analytics/pageview'));
    await gotoHydrated(page, '/shop');
    await views; // first-party, no consent needed
    const banner = page.getByRole('region', { name: 'May we count your visit with Google Analytics?' });
    await expect(banner).toBeVisible();
    expect(google).toEqual([]);

    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(() => google.some((u) => u.includes(`gtag/js?id=${E2E_GA_ID}`))).toBe(true);
    expect((await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE)?.value).toBe('granted');

    await page.reload();
    await expect(banner).toBeHidden();
  });

  test('Decline keeps Google Analytics out, on this page and the next', async ({ page }) => {
    await page.context().clearCookies({ name: CONSENT_COOKIE });
    const google = await watchGoogle(page);
    await gotoHydrated(page, '/');
    const banner = page.getByRole('region', { name: 'May we count your visit with Google Analytics?' });
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    // The banner goes at once; the answer is kept when the shop has answered the form.
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE)?.value)
      .toBe('denied');
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop all');
    await expect(banner).toBeHidden();
    expect(google).toEqual([]);
  });
});

test.describe('size guide', () => {
  test('opens from the size chooser in a dialog, in cm and inches', async ({ page }) => {
    const variant = variantsOf('frocks-dresses', { minStock: 1 })[0]!;
    await gotoHydrated(page, `/product/${variant.slug}`);
    await page.getByRole('link', { name: 'Size guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Size guide: Frocks & Dresses' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`/product/${variant.slug}`); // no page change
    await expect(dialog.getByRole('row', { name: /^3-4Y/ })).toContainText('104 cm / 40.9 in');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('is a page of its own for each category with sizes, and none for free-size pieces', async ({ page }) => {
    await page.goto('/size-guide/booties-caps');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Size guide: Booties & Caps');
    await expect(page.getByRole('row', { name: /^6-12M/ })).toContainText('11.5 cm / 4.5 in');
    const missing = await page.goto('/size-guide/bags');
    expect(missing!.status()).toBe(404);
  });
});
