import type { Page } from '@playwright/test';
import { adminSignIn, expectAxeClean } from './admin-fixtures';
import { codShopper, codVariants, mailedCodCode, ownerToken, setCod, stockOf } from './cod-fixtures';
import { expect, expectToast, gotoHydrated, shopHelpers, test, toastsGone, type Order } from './fixtures';

/**
 * Cash on delivery end to end (docs/product.md 'Cash on delivery'), at 375 px
 * and 1440 px: the owner switches it on in Settings; a shopper chooses it at
 * checkout (its fee priced in), confirms the order with the mailed code and
 * sees it; the owner ships it and marks it delivered, the cash recorded as a
 * 'cod' payment; another order comes back refused at the door, its stock back
 * and nothing refunded. This spec runs after every other (see cod-fixtures.ts)
 * and switches COD off again at its end.
 */
test.afterAll(async () => {
  await setCod(shopHelpers(), { enabled: false });
});

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test('the owner turns COD on; a shopper orders, confirms by the mailed code; the owner ships and marks it delivered', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(180_000);
  const variant = codVariants('ethnic-wear')[info.project.name === 'cod-phone' ? 0 : 1]!;

  // The owner switches cash on delivery on in Settings.
  await adminSignIn(page);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Cash on delivery' });
  await form.getByLabel('Offer cash on delivery').check();
  await form.getByLabel('PIN codes refused').fill('110001, 8x');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('refused_pincodes must be digits only', { exact: false })).toBeVisible();
  await page.getByRole('form', { name: 'Cash on delivery' }).getByLabel('Offer cash on delivery').check();
  await page.getByRole('form', { name: 'Cash on delivery' }).getByLabel('PIN codes refused').fill('110001, 8');
  await page.getByRole('form', { name: 'Cash on delivery' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Cash on delivery' }).getByLabel('PIN codes refused')).toHaveValue(
    '110001, 8',
  );
  await expectAxeClean(page);
  await noSidewaysScroll(page);

  // The shopper chooses cash on delivery: the fee is priced in, Order Now leads to the code's page.
  const { shopper } = await codShopper(shop, 'cod-e2e', variant);
  await shop.signInBrowser(page, shopper);
  await gotoHydrated(page, '/checkout');
  await expect(page.getByText('Cash on delivery fee')).toBeHidden();
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await expect(page).toHaveURL(/payment=cod/);
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
  await expectAxeClean(page);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/cod-confirm\?order=\d+/);
  await expectToast(page, 'Order placed! Enter the 6-digit code we mailed you to confirm it.');
  const orderId = Number(new URL(page.url()).searchParams.get('order'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your order');
  await toastsGone(page);
  await expectAxeClean(page);
  await noSidewaysScroll(page);

  // A wrong code is refused in words; the mailed one confirms the order.
  const code = await mailedCodCode(shop, shopper, orderId);
  await page.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('That code is not right.', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page).toHaveURL(`/order-details?order=${orderId}`);
  await expectToast(page, 'Thank you! Your cash-on-delivery order is confirmed.');
  await expect(page.getByText('Cash on delivery', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on delivery fee')).toBeVisible();
  await toastsGone(page);
  await expectAxeClean(page);
  await noSidewaysScroll(page);
  await page.goto('/orders');
  await expect(page.getByText('Cash on delivery', { exact: false }).first()).toBeVisible();

  // The owner finds it among the COD orders, ships it and marks it delivered: the cash is its payment.
  await page.goto('/admin/orders?method=COD');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expectAxeClean(page);
  await page
    .getByRole('link', { name: new RegExp(`#${orderId}\\b`) })
    .filter({ visible: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${orderId}`);
  await expect(page.getByRole('heading', { name: 'Cash on delivery' })).toBeVisible();
  await page.getByRole('link', { name: 'Ship', exact: true }).click();
  await page.getByLabel('Carrier').selectOption('delhivery');
  await page.getByLabel('Tracking number').fill(`DL${orderId}00077`);
  await page.getByRole('button', { name: 'Ship order' }).click();
  await expect(page.getByText('Shipped: the shopper has been mailed the tracking link.')).toBeVisible();
  await page.getByRole('link', { name: 'Mark delivered (cash received)' }).click();
  await page.getByRole('button', { name: 'Yes, mark delivered (cash received)' }).click();
  await expect(page.getByText('Marked delivered: the shopper has been mailed.')).toBeVisible();
  await expect(page.getByText('· captured · cod')).toBeVisible();
  await expectAxeClean(page);
  await noSidewaysScroll(page);
  const order = (await shop.api<{ data: Order }>(`/orders/${orderId}`, { token: shopper.token })).data;
  expect(order).toMatchObject({ status: 'delivered', payment_id: `cod_${orderId}` });

  // The courier's remittance, marked from the list for the ticked orders.
  await page.goto(`/admin/orders?method=COD&q=${encodeURIComponent(shopper.email)}`);
  await expect(page.getByText('COD', { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await page
    .getByRole('checkbox', { name: `Select order #${orderId}` })
    .filter({ visible: true })
    .check();
  await page.getByRole('button', { name: 'Courier remittance (COD)…' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Courier remittance for 1 orders');
  await page.getByLabel(/Remittance reference/).fill(`UTR${orderId}42`);
  await expectAxeClean(page);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Mark remitted' }).click();
  await expect(page.getByText(`Cash remitted: UTR${orderId}42`)).toBeVisible();
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText(`UTR${orderId}42`, { exact: false }).first()).toBeVisible();
});

test('a COD parcel refused at the door comes back: returned to origin, stock back, no refund', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(120_000);
  // Two pieces of a dearer dress may pass the default ₹5,000: the range is not what this test is about.
  await setCod(shop, { enabled: true, max_order: 20_000 });
  const variant = codVariants('ethnic-wear')[info.project.name === 'cod-phone' ? 2 : 3]!;
  const before = await stockOf(shop, variant);
  const { shopper, address } = await codShopper(shop, 'cod-rto', variant, 2);
  const placed = await shop.api<{ data: Order[] }>('/orders', {
    method: 'POST',
    token: shopper.token,
    body: { address: address.id, shipping_type: 'standard', payment_method: 'COD' },
  });
  const orderId = placed.data[0]!.id;
  expect(await stockOf(shop, variant)).toBe(before - 2);
  await shop.api(`/orders/${orderId}/cod-confirmation`, {
    method: 'POST',
    token: shopper.token,
    body: { code: await mailedCodCode(shop, shopper, orderId) },
  });
  await shop.api(`/admin/orders/${orderId}/ship`, {
    method: 'POST',
    token: await ownerToken(shop),
    body: { carrier: 'delhivery', tracking_number: `DL${orderId}00078` },
  });

  await adminSignIn(page);
  await page.goto(`/admin/orders/${orderId}`);
  await page.getByRole('link', { name: 'Returned to origin' }).click();
  await expect(page.getByText('Nothing was paid, so nothing is refunded.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, returned to origin' }).click();
  await expect(
    page.getByText('Marked returned to origin: its pieces are back in stock; nothing to refund.'),
  ).toBeVisible();
  await expect(page.getByText('Returned to origin').first()).toBeVisible();
  await expectAxeClean(page);
  expect(await stockOf(shop, variant)).toBe(before);
  const order = (
    await shop.api<{ data: Order & { refunds: unknown[] } }>(`/orders/${orderId}`, { token: shopper.token })
  ).data;
  expect(order).toMatchObject({ status: 'returned_to_origin', payment_id: null, refunds: [] });

  // The orders list has a tab for refused parcels once there are any.
  await page.goto('/admin/orders');
  await page
    .getByRole('navigation', { name: 'Order status' })
    .getByRole('link', { name: /^Returned to origin \(\d+\)$/ })
    .click();
  await expect(page).toHaveURL(/status=returned_to_origin/);
  await expect(page.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }).first()).toBeVisible();
});

test('a delivered COD order’s return is paid back by the owner’s transfer: Refunds asks for its UTR', async ({
  page,
  shop,
}, info) => {
  test.setTimeout(150_000);
  await setCod(shop, { enabled: true, max_order: 20_000 });
  const variant = codVariants('ethnic-wear')[info.project.name === 'cod-phone' ? 4 : 5]!;
  const { shopper, address } = await codShopper(shop, 'cod-return', variant, 1);
  const placed = await shop.api<{ data: Order[] }>('/orders', {
    method: 'POST',
    token: shopper.token,
    body: { address: address.id, shipping_type: 'standard', payment_method: 'COD' },
  });
  const order = placed.data[0]!;
  await shop.api(`/orders/${order.id}/cod-confirmation`, {
    method: 'POST',
    token: shopper.token,
    body: { code: await mailedCodCode(shop, shopper, order.id) },
  });
  const owner = await ownerToken(shop);
  await shop.api(`/admin/orders/${order.id}/ship`, {
    method: 'POST',
    token: owner,
    body: { carrier: 'delhivery', tracking_number: `DL${order.id}00079` },
  });
  await shop.api(`/admin/orders/${order.id}/deliver`, { method: 'POST', token: owner, body: {} });
  // The shopper asks (their UPI ID in the message); the shop accepts every piece.
  await shop.api('/contacts', {
    method: 'POST',
    token: shopper.token,
    body: { name: 'Asha', email: shopper.email, message: 'Too small. UPI: asha@okbank', order_id: order.id },
  });
  const requests = await shop.api<{ data: { enquiry_id: number }[] }>(
    `/admin/returns?state=open&order_id=${order.id}`,
    { token: owner },
  );
  await shop.api(`/admin/returns/${requests.data[0]!.enquiry_id}/accept`, {
    method: 'POST',
    token: owner,
    body: { restock: true, request_key: `cod-return-${order.id}` },
  });

  const issues = await shop.api<{ data: { kind: string; order_id: number; refund_id: number }[] }>('/admin/refunds', {
    token: owner,
  });
  const refundId = issues.data.find((i) => i.kind === 'transfer' && i.order_id === order.id)!.refund_id;

  await adminSignIn(page);
  await page.goto('/admin/refunds');
  const link = page.getByRole('link', { name: `Order #${order.id}` });
  await expect(link).toBeVisible();
  await expect(page.getByText('Transfer to make').filter({ visible: true }).first()).toBeVisible();
  await noSidewaysScroll(page);
  await expectAxeClean(page);
  // This refund's form, as the width draws it (a table row, or a card on a phone).
  const form = page.locator(`form:has(input[name="id"][value="${refundId}"]):visible`);
  await form.getByRole('textbox', { name: 'UTR of your transfer' }).fill(`HDFCN52026${refundId}`);
  await form.getByRole('button', { name: 'Record the transfer' }).click();
  await expect(page.getByText(`Refund recorded as paid by transfer HDFCN52026${refundId}`)).toBeVisible();
  await expect(link).toHaveCount(0);

  const after = (
    await shop.api<{ data: Order & { money: { state: string } } }>(`/orders/${order.id}`, {
      token: shopper.token,
    })
  ).data;
  expect(after).toMatchObject({ status: 'refunded', money: { state: 'refunded' } });
});
