import type { Page } from '@playwright/test';
import {
  INDIAN_ADDRESS,
  SESSION_COOKIE,
  expect,
  formatRupees,
  orderFact,
  sessionCookie,
  test,
  uniqueEmail,
  variantsOf,
} from './fixtures';

/**
 * Buying as a guest with JavaScript off (the 'no-js' project): every step is a
 * form the server answers with a full page; what a toast says with scripts,
 * the page's status line says here. Ethnic wear no other spec buys.
 */
const told = (page: Page, text: string) =>
  expect(page.getByRole('main').getByRole('status').or(page.getByRole('main').getByRole('alert'))).toContainText(text);

/** docs/product.md#shipping: India Standard. */
const INDIA_STANDARD = 250;

test('a visitor buys as a guest without scripts: Add to Cart, the guest form, Order Now; the order-status page finds the order', async ({
  page,
}) => {
  const variant = variantsOf('ethnic-wear', { minStock: 8 })[6]!;
  const email = uniqueEmail('nojs-guest');

  // A visitor's Add to Cart starts a guest's cart: no log-in asked, the header still offers to sign in.
  await page.goto(`/product/${variant.slug}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await told(page, 'Cart updated');
  await expect(page).toHaveURL(`/product/${variant.slug}`);
  await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect((await sessionCookie(page))?.httpOnly).toBe(true);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: variant.name })).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Fcheckout',
  );

  // The server checks the guest form: a number no Indian mobile has is refused, everything typed kept.
  await page.getByLabel('Email').fill(email);
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await page.getByLabel("Recipient's name").fill('Farah Guest');
  await page.getByLabel('Address (house, street)').fill(INDIAN_ADDRESS.address);
  await page.getByLabel('Locality').fill(INDIAN_ADDRESS.locality);
  await page.getByLabel('City').fill(INDIAN_ADDRESS.city);
  await page.getByLabel('State', { exact: true }).selectOption(INDIAN_ADDRESS.state);
  await page.getByLabel('PIN code').fill(INDIAN_ADDRESS.pincode);
  await page.getByLabel('Mobile number').fill('5123456789');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Please enter a 10-digit mobile number starting with 6, 7, 8 or 9')).toBeVisible();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('PIN code')).toHaveValue(INDIAN_ADDRESS.pincode);

  await page.getByLabel('Mobile number').fill(INDIAN_ADDRESS.phone);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await told(page, 'Thank you. Your order will be delivered here.');
  await expect(page.getByText(`Ordering as a guest: the receipt and your order's link go to ${email}.`)).toBeVisible();
  await expect(page.getByRole('radio', { name: /14 Gulmohar Lane, Bandra West, Mumbai/ })).toBeChecked();

  // Change: the form comes back with what was given; a new mobile and house change the one address kept.
  await page.getByRole('link', { name: 'Change', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel("Recipient's name")).toHaveValue('Farah Guest');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue(INDIAN_ADDRESS.state);
  await expect(page.getByLabel('Mobile number')).toHaveValue(INDIAN_ADDRESS.phone);
  await page.getByLabel('Address (house, street)').fill('22 Gulmohar Lane');
  await page.getByLabel('Mobile number').fill('9988776655');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await told(page, 'Thank you. Your order will be delivered here.');
  await expect(page.getByRole('radio', { name: /Gulmohar Lane/ })).toHaveCount(1);
  await expect(page.getByRole('radio', { name: /22 Gulmohar Lane, Bandra West, Mumbai/ })).toBeChecked();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await told(page, 'Order placed successfully! Please complete the payment.');
  await expect(page).toHaveURL(/\/pay\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your payment');
  await expect(page.getByRole('main')).toContainText(`Total${formatRupees(variant.price + INDIA_STANDARD)}`);

  // Without the cookie (another day, another browser), the order-status page finds it by number and email.
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.goto('/order-status');
  await page.getByLabel('Order number').fill(String(orderId));
  await page.getByLabel('Email').fill(uniqueEmail('not-the-guest'));
  await page.getByRole('button', { name: 'Find my order' }).click();
  await told(page, 'We could not find an order with that number and email. Please check both and try again.');
  await expect(page).toHaveURL('/order-status');
  await expect(page.getByLabel('Order number')).toHaveValue(String(orderId));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Find my order' }).click();
  await expect(page).toHaveURL(`/order-details?order=${orderId}`);
  await expect(orderFact(page, 'Order ID')).toHaveText(`#${orderId}`);
  await expect(page.getByRole('main')).toContainText(variant.name);
  await expect(page.getByRole('main').getByRole('link', { name: 'Pay Now' })).toBeVisible();
});
