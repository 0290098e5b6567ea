import type { Page } from '@playwright/test';
import {
  INDIAN_ADDRESS,
  SESSION_COOKIE,
  expect,
  formatRupees,
  sessionCookie,
  test,
  uniqueEmail,
  variantsOf,
} from './fixtures';

/**
 * The shop with JavaScript off (the 'no-js' project): a shopper signs in,
 * fills a cart and reaches the pay page with full page loads. What a toast
 * says with scripts, the server says in a status line at the top.
 */
const told = (page: Page, text: string) =>
  expect(page.getByRole('main').getByRole('status').or(page.getByRole('main').getByRole('alert'))).toContainText(text);

async function logIn(page: Page, email: string, password: string, remember = false) {
  const form = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Log In', exact: true }) });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await form.getByLabel('Remember Me').check();
  await form.getByLabel('Password', { exact: true }).press('Enter');
}

test('register, then log in: the form comes back with the email, the session is an HttpOnly cookie', async ({
  page,
}) => {
  const email = uniqueEmail('nojs-register');
  const password = 'no scripts needed';
  await page.goto('/login');
  // The tabs are links.
  await page.getByRole('tab', { name: 'REGISTER' }).click();
  await expect(page).toHaveURL('/login?tab=register');
  const register = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Register' }) });
  // The server checks with the same schema as the browser would.
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByText('email is required')).toBeVisible();
  await expect(register.getByText('password must be at least 8 characters')).toBeVisible();

  await register.getByLabel('Your name').fill('Nisha');
  await register.getByLabel('Email address').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByRole('button', { name: 'Register' }).click();
  await told(page, 'Account successfully registered');
  await expect(page).toHaveURL('/login');
  const login = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Log In', exact: true }) });
  await expect(login.getByLabel('Email address')).toHaveValue(email);
  await expect(login.getByLabel('Password', { exact: true })).toBeFocused();

  await login.getByLabel('Password', { exact: true }).fill('not the password');
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await told(page, 'Invalid Credentials !');
  await expect(page).toHaveURL('/login');

  await logIn(page, email, password);
  await told(page, 'Login Successfully !');
  await expect(page).toHaveURL('/');
  const cookie = await sessionCookie(page);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  // 'Remember Me' unticked: gone when the browser closes.
  expect(cookie?.expires).toBe(-1);
  // The header is signed in as the server rendered it; the menu is a page.
  await page.getByRole('link', { name: 'Open menu' }).click();
  await expect(page).toHaveURL('/menu');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await told(page, 'Logout Successfully !');
  expect(await sessionCookie(page)).toBeUndefined();
});

test("'Remember Me' keeps the session for 30 days", async ({ page, shop }) => {
  const shopper = await shop.shopper('nojs-remember');
  await page.goto('/login?redirectTo=%2Forders');
  await logIn(page, shopper.email, shopper.password, true);
  await expect(page).toHaveURL('/orders');
  const days = ((await sessionCookie(page))!.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
});

test('add to cart, change the quantity, address, Order Now: on the pay page', async ({ page, shop }) => {
  const variant = variantsOf('knitwear', { minStock: 6 })[0]!;
  const shopper = await shop.shopper('nojs-buyer');

  // A visitor's Add to Cart starts a guest's cart (no log-in asked); logging in, back to the product, brings it along.
  await page.goto(`/product/${variant.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await told(page, 'Cart updated');
  await expect(page).toHaveURL(`/product/${variant.slug}`);
  await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/product/${variant.slug}`)}`);
  await logIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(`/product/${variant.slug}`);
  await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await page.goto('/cart');
  const quantity = page.getByRole('group', { name: `Quantity of ${variant.name}` });
  await quantity.getByRole('button', { name: `One more ${variant.name}` }).click();
  await expect(quantity).toContainText('2');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(
    `Subtotal${formatRupees(variant.price * 2)}`,
  );
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page).toHaveURL('/checkout');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await told(page, 'Please select an address to deliver');
  await page.getByRole('link', { name: 'Add New Address' }).click();
  await expect(page).toHaveURL('/address/add?redirectTo=/checkout');
  await page.getByLabel('Address (house, street)').fill(INDIAN_ADDRESS.address);
  await page.getByLabel('Locality').fill(INDIAN_ADDRESS.locality);
  await page.getByLabel('City').fill(INDIAN_ADDRESS.city);
  await page.getByLabel('State', { exact: true }).selectOption(INDIAN_ADDRESS.state);
  await page.getByLabel('PIN code').fill('012345');
  await page.getByLabel('Phone').fill(INDIAN_ADDRESS.phone);
  await page.getByRole('button', { name: 'Add Address' }).click();
  // Refused by the server's check, with everything typed still there.
  await expect(page.getByText('pincode must be 6 digits and not start with 0')).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue(INDIAN_ADDRESS.city);
  await page.getByLabel('PIN code').fill(INDIAN_ADDRESS.pincode);
  await page.getByRole('button', { name: 'Add Address' }).click();
  await told(page, 'Address Added Successfully !');
  await expect(page).toHaveURL('/checkout');

  await expect(page.getByRole('radio', { name: new RegExp(INDIAN_ADDRESS.address) })).toBeChecked();
  await page.getByRole('radio', { name: /^Express/ }).check();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await told(page, 'Order placed successfully! Please complete the payment.');
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your payment');
  // Express to India: the choice made without scripts was the one ordered.
  await expect(page.getByRole('main')).toContainText(`Total${formatRupees(variant.price * 2 + 450)}`);
  // Paying needs the provider's script, and the page says so.
  const note = page.locator('main noscript p');
  await expect(note).toBeVisible();
  expect(await note.evaluate((p) => p.textContent)).toContain('The payment window needs JavaScript.');
});

test('contact: the server checks the form, then thanks the sender', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Contact form' });
  await form.getByLabel('Name').fill('Meera Iyer');
  await form.getByLabel('Phone number').fill('0123456789');
  await form.getByLabel('Message').fill('Do you ship to Pune?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('email is required')).toBeVisible();
  await expect(form.getByText('Phone number must be a 10-digit number starting with a non-zero digit.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('Do you ship to Pune?');

  await form.getByLabel('Email address').fill('meera@example.com');
  await form.getByLabel('Phone number').fill('');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('heading', { name: 'Thank you, Meera!' })).toBeVisible();
  await expect(form).toContainText('Thank you for writing to us! We will get back to you soon.');
});

test('an address is deleted after the question on the page', async ({ page, shop }) => {
  const shopper = await shop.shopper('nojs-address');
  await shop.addAddress(shopper);
  await shop.signInBrowser(page, shopper);
  await page.goto('/addresses');
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: INDIAN_ADDRESS.address });
  await card.getByRole('link', { name: 'Delete' }).click();
  await expect(card.getByText('Are you sure?')).toBeVisible();
  await expect(card.getByText('This action cannot be undone.')).toBeVisible();
  await card.getByRole('button', { name: 'YES' }).click();
  await told(page, 'DELETED Successfully !');
  await expect(page.getByText('You have not saved an address yet.')).toBeVisible();
});

test('forgot password: email, the code typed box by box, a new password', async ({ page, shop }) => {
  const shopper = await shop.shopper('nojs-forgot');
  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await told(page, 'Otp Sent Successfully !');
  // The email travels in a cookie, not the address.
  await expect(page).toHaveURL('/otp-page');
  await expect(page.getByText(`We sent a 6-digit code to ${shopper.email}`)).toBeVisible();
  const code = await shop.resetCode(shopper.email);
  const boxes = page.getByRole('textbox', { name: /^Digit \d of 6$/ });
  for (const [i, digit] of [...code].entries()) await boxes.nth(i).fill(digit);
  await page.getByRole('button', { name: 'Submit' }).click();
  await told(page, 'Otp Matched Successfully !');
  await expect(page).toHaveURL('/reset-password');
  await page.getByLabel('New password').fill('a new one, no scripts');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await told(page, 'Password changed successfully');
  await expect(page).toHaveURL('/');

  await page.goto('/login');
  await logIn(page, shopper.email, 'a new one, no scripts');
  await told(page, 'Login Successfully !');
});

test('the search icon leads to the search page, whose form carries only the query', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search');
  const box = page.getByRole('main').getByRole('searchbox', { name: 'Search for a product' });
  await box.fill('frock');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=frock');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “frock”');
});

test('a signed-in page without a session asks to log in first', async ({ page, context }) => {
  await page.goto('/orders');
  await told(page, 'Please login to access this page');
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/orders')}`);
  expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false);
});

test('account self-service without scripts: change password, then delete the account', async ({ page, shop }) => {
  const shopper = await shop.shopper('nojs-account');
  await shop.signInBrowser(page, shopper);
  await page.goto('/my-profile/password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('current password is required')).toBeVisible(); // the server's check
  await page.getByLabel('Current password').fill(shopper.password);
  await page.getByLabel('New password').fill('still no scripts');
  await page.getByRole('button', { name: 'Change password' }).click();
  await told(page, 'Password changed successfully');
  await expect(page).toHaveURL('/my-profile');

  await page.getByRole('link', { name: 'Delete my account' }).click();
  await page.getByLabel('Your password').fill(shopper.password); // the old one: refused
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await told(page, 'Your current password is not right');
  await page.getByLabel('Your password').fill('still no scripts');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await told(page, 'Your account has been deleted.');
  await expect(page).toHaveURL('/');
  expect(await sessionCookie(page)).toBeUndefined();
});

test('the analytics banner is a form: the choice is kept without scripts', async ({ page }) => {
  await page.context().clearCookies({ name: 'analytics_consent' });
  await page.goto('/search?q=frok');
  const banner = page.getByRole('region', { name: 'May we count your visit with Google Analytics?' });
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(page).toHaveURL('/search?q=frok'); // back where the shopper was
  await expect(banner).toBeHidden();
  expect((await page.context().cookies()).find((c) => c.name === 'analytics_consent')?.value).toBe('denied');
});

test("the product page's size guide is a link to its page", async ({ page }) => {
  const variant = variantsOf('dungarees', { minStock: 1 })[0]!;
  await page.goto(`/product/${variant.slug}`);
  await page.getByRole('link', { name: 'Size guide' }).click();
  await expect(page).toHaveURL('/size-guide/dungarees');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Size guide: Dungarees');
  await expect(page.getByRole('table')).toContainText('Height');
});
