import {
  expect,
  expectToast,
  gotoHydrated,
  loginPanel,
  shopHelpers,
  test,
  toast,
  uniqueEmail,
  variantsOf,
  type Shopper,
} from './fixtures';

const PHONE_RULE = 'Phone number must be a 10-digit number starting with a non-zero digit.';

/** Signed-in pages whose forms change nothing another test here looks at (no cart, no orders). */
let shopper: Shopper;
test.beforeAll(async () => {
  shopper = await shopHelpers().shopper('forms');
});

// These check the forms as the browser checks them before sending (no-js.spec.ts has the server's side).

test('contact: required fields, the phone rule, then sent', async ({ page }) => {
  await gotoHydrated(page, '/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We would love to hear from you');
  // docs/product.md#contact: the contact page shows the phone numbers.
  await expect(page.getByRole('link', { name: '+91 98290 12345' }).first()).toBeVisible();

  const form = page.getByRole('region', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('name is required')).toBeVisible();
  await expect(form.getByText('email is required')).toBeVisible();
  await expect(form.getByText('message is required')).toBeVisible();
  // The phone is optional: no message for leaving it empty.
  await expect(form.getByText(PHONE_RULE)).toBeHidden();

  await form.getByLabel('Name').fill('Meera Iyer');
  await form.getByLabel('Email address').fill('meera@example.com');
  await form.getByLabel('Message').fill('Do you make the Rose frock in size 7-8Y?');
  for (const phone of ['0123456789', '98765', '98765432101', '98765abcde']) {
    await form.getByLabel('Phone number').fill(phone);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText(PHONE_RULE), `phone ${phone}`).toBeVisible();
  }
  await expect(form.getByText('name is required')).toBeHidden();

  await form.getByLabel('Phone number').fill('9876543210');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expectToast(page, 'Thank you for writing to us! We will get back to you soon.');
  await expect(form.getByRole('heading', { name: 'Thank you, Meera!' })).toBeVisible();
});

test('address form: required fields, the PIN rule, and a postcode abroad', async ({ page, shop }) => {
  await shop.signInBrowser(page, shopper);
  await gotoHydrated(page, '/address/add');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a new address');
  await page.getByRole('button', { name: 'Add Address' }).click();
  for (const message of [
    'address is required',
    'locality is required',
    'city is required',
    'state is required',
    'pincode is required',
    PHONE_RULE,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel('Address (house, street)').fill('7 Lake View Road');
  await page.getByLabel('Locality').fill('Indiranagar');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
  await page.getByLabel('Phone', { exact: true }).fill('9845012345');
  // Indian PIN codes: 6 digits, the first not zero.
  for (const pin of ['012345', '56003', '5600381', '56003A']) {
    await page.getByLabel('PIN code').fill(pin);
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('pincode must be 6 digits and not start with 0'), `PIN ${pin}`).toBeVisible();
  }
  await expect(page.getByText('address is required')).toBeHidden();
  await expect(page.getByText(PHONE_RULE)).toBeHidden();
  await expect(page).toHaveURL('/address/add');

  // Abroad: a free-text region and a postcode of 3 to 10 letters, digits, spaces or dashes.
  await page.getByLabel('Country').selectOption('Canada');
  await expect(page.getByLabel('Postcode')).toBeVisible();
  await expect(page.getByLabel('PIN code')).toBeHidden();
  await page.getByLabel('State / province / region').fill('Ontario');
  await page.getByLabel('City').fill('Toronto');
  await page.getByLabel('Postcode').fill('M5');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('pincode must be 3 to 10 letters, digits, spaces or dashes')).toBeVisible();
  await page.getByLabel('Postcode').fill('M5V 2T6');
  await page.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, 'Address Added Successfully !');
  await expect(page).toHaveURL('/addresses');
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: '7 Lake View Road' })).toContainText(
    'Toronto, Ontario M5V 2T6',
  );
});

test('profile: email disabled, the phone rule, updated', async ({ page, shop }) => {
  await shop.signInBrowser(page, shopper);
  await gotoHydrated(page, '/my-profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeDisabled();
  await expect(email).toHaveValue(shopper.email);
  await expect(page.getByLabel('Name')).toHaveValue(shopper.user.name);

  await page.getByLabel('Phone').fill('0987654321');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText(PHONE_RULE)).toBeVisible();
  await expect(toast(page, 'Profile Updated Successfully !')).toHaveCount(0);

  await page.getByLabel('Name').fill('Kavya Rao');
  await page.getByLabel('Phone').fill('9123456780');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expectToast(page, 'Profile Updated Successfully !');
  await expect(page.getByText(PHONE_RULE)).toBeHidden();

  // Saved on the server: the phone menu's /profile shows the same, after a fresh load.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await expect(page.getByLabel('Name')).toHaveValue('Kavya Rao');
  await expect(page.getByLabel('Phone')).toHaveValue('9123456780');
});

test('register and log in: short password, bad email, empty fields', async ({ page, isMobile }) => {
  await gotoHydrated(page, '/login');
  const login = loginPanel(page);
  await login.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(login.getByText('email is required')).toBeVisible();
  await expect(login.getByText('password is required')).toBeVisible();

  if (isMobile) await page.getByRole('tab', { name: 'REGISTER' }).click();
  const register = page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Register' }) });
  await expect(register.getByText('At least 8 characters.')).toBeVisible();
  await register.getByLabel('Email address').fill('not-an-email');
  await register.getByLabel('Password', { exact: true }).fill('short');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByText('Please enter a valid email address')).toBeVisible();
  await expect(register.getByText('password must be at least 8 characters')).toBeVisible();

  await register.getByLabel('Email address').fill(uniqueEmail('short'));
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByText('password must be at least 8 characters')).toBeVisible();
  await expect(register.getByText('Please enter a valid email address')).toBeHidden();
  await expect(toast(page, 'Account successfully registered')).toHaveCount(0);
});

test('cart: an empty cart says so, and so does checkout', async ({ page, shop }) => {
  await shop.signInBrowser(page, shopper);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL('/shop');

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toHaveCount(0);
});

test("checkout without an address: 'Please select an address to deliver'", async ({ page, shop }) => {
  const buyer = await shop.shopper('no-address');
  await shop.setCart(buyer, variantsOf('co-ord-sets', { minStock: 5 })[0]!, 1);
  await shop.signInBrowser(page, buyer);
  // Hydrated first: the answer is a toast; a click before hydration posts the form natively and the
  // answer is the page's inline notice instead (CI on PGlite caught that on a busy phone run).
  await gotoHydrated(page, '/checkout');
  await expect(page.getByText('You have no saved address yet.')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('Select an address');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expectToast(page, 'Please select an address to deliver');
  await expect(page).toHaveURL('/checkout');
});

test('checkout: more of a piece than may wait for payment is refused in words, nothing taken', async ({
  page,
  shop,
}) => {
  const buyer = await shop.shopper('hoarder');
  await shop.addAddress(buyer);
  const variants = variantsOf('co-ord-sets', { minStock: 6 }).slice(0, 2);
  for (const variant of variants) await shop.setCart(buyer, variant, 6);
  await shop.signInBrowser(page, buyer);
  // Hydrated first: the answer is a toast (a click while the page hydrates once lost it on PostgreSQL).
  await gotoHydrated(page, '/checkout');
  await page.getByRole('button', { name: 'Order Now' }).click();
  // One sentence per piece, each saying how many may be ordered.
  const sentences = [...variants]
    .sort((a, b) => a.variantId - b.variantId)
    .map((v) => `You may hold at most 5 of ${v.name} (${v.size}/${v.color}) in unpaid orders; order at most 5.`);
  await expectToast(page, sentences.join(' '));
  await expect(page).toHaveURL('/checkout');
  expect((await shop.api<{ data: unknown[] }>('/orders', { token: buyer.token })).data).toEqual([]);
});

test('checkout: Cash on Delivery is refused, online payment stays chosen', async ({ page, shop }) => {
  const buyer = await shop.shopper('cod');
  await shop.addAddress(buyer);
  await shop.setCart(buyer, variantsOf('co-ord-sets', { minStock: 5 })[0]!, 1);
  await shop.signInBrowser(page, buyer);
  // Choosing cash on delivery is answered at once: the page's script (without it, Order Now is refused).
  await gotoHydrated(page, '/checkout');
  const online = page.getByRole('radio', { name: /Credit\/Debit Card & UPI/ });
  const cod = page.getByRole('radio', { name: /Cash on Delivery/ });
  await expect(online).toBeChecked();
  await cod.click();
  await expectToast(page, 'Cash on Delivery is not available right now...');
  await expect(online).toBeChecked();
  await expect(cod).not.toBeChecked();

  // The server says the same to anyone who asks it directly (docs/product.md#checkout).
  const address = (await shop.api<{ data: { id: number }[] }>('/address', { token: buyer.token })).data[0]!;
  const res = await fetch(`${shop.baseUrl}/api/v1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
    body: JSON.stringify({ address: address.id, shipping_type: 'standard', payment_method: 'COD' }),
  });
  expect(res.status).toBe(400);
  expect(JSON.stringify(await res.json())).toContain('Cash on Delivery is not available right now...');
});
