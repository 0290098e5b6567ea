import {
  expect,
  expectHeaderSignedIn,
  hydrated,
  expectToast,
  logInThroughForm,
  logOutThroughHeader,
  loginPanel,
  test,
  uniqueEmail,
  variantsOf,
} from './fixtures';

test('register → log in → log out', async ({ page, isMobile }) => {
  const email = uniqueEmail('register');
  const password = 'little loom 2026';
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Little Loom');

  // Phones show LOG IN / REGISTER tabs; wide screens both forms side by side.
  const register = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Register' }) });
  if (isMobile) {
    await expect(register).toBeHidden();
    await page.getByRole('tab', { name: 'REGISTER' }).click();
  } else {
    await expect(page.getByRole('tab', { name: 'REGISTER' })).toBeHidden();
    await expect(loginPanel(page)).toBeVisible();
  }
  await expect(register).toBeVisible();
  await register.getByLabel('Your name').fill('Asha');
  await register.getByLabel('Email address').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByRole('button', { name: 'Register' }).click();
  await expectToast(page, 'Account successfully registered');

  // The log-in form takes over with the new email filled in.
  const login = loginPanel(page);
  await expect(login).toBeVisible();
  await expect(login.getByLabel('Email address')).toHaveValue(email);
  await expect(login.getByLabel('Password', { exact: true })).toBeFocused();
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await expectToast(page, 'Login Successfully !');
  await expect(page).toHaveURL('/');
  await expectHeaderSignedIn(page, isMobile, true);

  await logOutThroughHeader(page, isMobile);
  await expectToast(page, 'Logout Successfully !');
  await expectHeaderSignedIn(page, isMobile, false);
  // Signed out for good: a reload does not bring the session back.
  await page.reload();
  await expectHeaderSignedIn(page, isMobile, false);
});

test('forgot password → code from the mailbox → OTP boxes → new password → log in', async ({ page, shop }) => {
  const shopper = await shop.shopper('forgot');
  const newPassword = 'a brand new secret';
  await page.goto('/login');
  // The typed email goes along (navigation state, with the scripts), never in the address.
  await hydrated(page);
  await loginPanel(page).getByLabel('Email address').fill(shopper.email);
  await loginPanel(page).getByRole('link', { name: 'Lost Your Password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await expect(page.getByLabel('Email address')).toHaveValue(shopper.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectToast(page, 'Otp Sent Successfully !');
  await expect(page).toHaveURL('/otp-page');
  await expect(page.getByText(`We sent a 6-digit code to ${shopper.email}`)).toBeVisible();

  const code = await shop.resetCode(shopper.email);
  const boxes = page.getByRole('textbox', { name: /^Digit \d of 6$/ });
  await expect(boxes).toHaveCount(6);
  // The boxes move the caret along and send the last digit themselves: the page's script.
  await hydrated(page);
  await expect(boxes.first()).toBeFocused();

  // A wrong code first: refused, the boxes empty again.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.keyboard.type(wrong);
  await expectToast(page, 'Invalid Otp !');
  await expect(page.getByText('Invalid Otp !').last()).toBeVisible();
  await expect(boxes.first()).toHaveValue('');
  await expect(boxes.first()).toBeFocused();

  // The right one, typed box by box: the last digit sends it.
  await page.keyboard.type(code);
  await expectToast(page, 'Otp Matched Successfully !');
  await expect(page).toHaveURL('/reset-password');
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectToast(page, 'Password changed successfully');
  await expect(page).toHaveURL('/');

  await page.goto('/login');
  await logInThroughForm(page, shopper.email, shopper.password);
  await expectToast(page, 'Invalid Credentials !');
  await logInThroughForm(page, shopper.email, newPassword);
  await expectToast(page, 'Login Successfully !');
  await expect(page).toHaveURL('/');
});

test("a wrong password says 'Invalid Credentials !' and stays on /login", async ({ page, shop, isMobile }) => {
  const shopper = await shop.shopper('wrongpass');
  await page.goto('/login');
  await logInThroughForm(page, shopper.email, 'not my password');
  await expectToast(page, 'Invalid Credentials !');
  await expect(page).toHaveURL('/login');
  await expect(loginPanel(page).getByLabel('Password', { exact: true })).toBeFocused();
  // An unknown email gets the same answer (docs/product.md#accounts).
  await logInThroughForm(page, uniqueEmail('nobody'), 'whatever it is');
  await expectToast(page, 'Invalid Credentials !');
  await expectHeaderSignedIn(page, isMobile, false);
});

test("anonymous Add to Cart keeps the piece in a guest's cart; logging in brings it along", async ({
  page,
  shop,
  isMobile,
}) => {
  const shopper = await shop.shopper('anon-cart');
  const variant = variantsOf('nightwear', { minStock: 5 })[0]!;
  await page.goto(`/product/${variant.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(variant.name);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // docs/product.md 'Buying as a guest': no login asked; the visitor is a guest with a cart, still not signed in.
  await expectToast(page, 'Cart updated');
  await expect(page).toHaveURL(`/product/${variant.slug}`);
  await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expectHeaderSignedIn(page, isMobile, false);

  await page.goto(`/login?redirectTo=${encodeURIComponent(`/product/${variant.slug}`)}`);
  await logInThroughForm(page, shopper.email, shopper.password);
  await expectToast(page, 'Login Successfully !');
  await expect(page).toHaveURL(`/product/${variant.slug}`);
  await expectHeaderSignedIn(page, isMobile, true);
  await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
  await expect(page.getByText('In your cart.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});
