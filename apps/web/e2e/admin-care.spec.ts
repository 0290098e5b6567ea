import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from './env';
import {
  expect,
  loginPanel,
  logInThroughForm,
  test,
  uniqueEmail,
  variantsOf,
  type Order,
  type ShopHelpers,
  type Shopper,
} from './fixtures';

/**
 * The back office's returns, enquiries and shoppers (docs/back-office.md),
 * as the owner works them in the browser: a partial refund that reaches
 * 'refunded' when the test provider confirms, an enquiry answered by mail,
 * a shopper disabled who then cannot sign in.
 */

async function noSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(serious, `axe on ${new URL(page.url()).pathname}`).toEqual([]);
}

const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });

async function ownerSignsIn(page: Page, to: string) {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel('Email address').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, '\\?')}$`));
}

/** The owner's back-office token, for setting the scene through the API. */
async function ownerToken(shop: ShopHelpers) {
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  return token;
}

/** A shopper's paid order of two pieces, shipped and delivered by the shop, with a return request. */
async function deliveredWithReturnRequest(shop: ShopHelpers): Promise<{ shopper: Shopper; order: Order }> {
  const shopper = await shop.shopper('returner');
  const address = await shop.addAddress(shopper);
  await shop.setCart(shopper, variantsOf('bibs', { minStock: 10 })[0]!, 2);
  const order = await shop.placeOrder(shopper, address.id);
  const start = await shop.api<{ provider_order_id: string }>(`/orders/${order.id}/payment`, {
    method: 'POST',
    token: shopper.token,
  });
  const paid = await shop.api<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    '/test-payments/pay',
    { method: 'POST', body: { order_id: start.provider_order_id, method: 'upi', outcome: 'success' } },
  );
  await shop.api('/orders/payment-status', {
    method: 'PUT',
    token: shopper.token,
    body: {
      order_id: order.id,
      payment_id: paid.razorpay_payment_id,
      provider_order_id: paid.razorpay_order_id,
      signature: paid.razorpay_signature,
    },
  });
  const owner = await ownerToken(shop);
  const ship = { carrier: 'delhivery', tracking_number: `DL${order.id}0001` };
  await shop.api(`/admin/orders/${order.id}/ship`, { method: 'POST', token: owner, body: ship });
  await shop.api(`/admin/orders/${order.id}/deliver`, { method: 'POST', token: owner, body: {} });
  await shop.api('/contacts', {
    method: 'POST',
    token: shopper.token,
    body: { name: 'Returner', email: shopper.email, message: 'One bib is too small.', order_id: order.id },
  });
  return { shopper, order };
}

test('the owner accepts a return with a partial refund; the order stays delivered, partly refunded once the provider confirms', async ({
  page,
  shop,
}, info) => {
  const { shopper, order } = await deliveredWithReturnRequest(shop);
  await ownerSignsIn(page, '/admin/returns');
  await expect(page.getByRole('link', { name: new RegExp(`Order #${order.id}\\b`) })).toBeVisible();
  // The order's own page lists its return request and leads to the decision.
  await page.goto(`/admin/orders/${order.id}`);
  await page.getByRole('link', { name: 'Decide on this return' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Return for order #${order.id}`);
  await noSeriousViolations(page);
  await shot(page, info, 'return');

  // The refund's form (an exchange's form follows it, with fields of the same names).
  const accept = page.locator('form').filter({ has: page.getByRole('button', { name: 'Accept and refund' }) });
  await accept.getByRole('spinbutton').first().fill('1');
  await accept.getByLabel('The chosen pieces’ price').check();
  await accept.getByLabel('Put the returned pieces back on sale').check();
  await accept.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(page.getByRole('status')).toContainText('Return accepted');
  await expect(page.getByText('This return was accepted.')).toBeVisible();

  // The test provider confirms the refund by webhook a few seconds later; a part of the money leaves the order
  // delivered (docs/product.md 'After the sale').
  const money = async () => {
    const { data } = await shop.api<{ data: Order & { money: { state: string; refunding: number } } }>(
      `/orders/${order.id}`,
      { token: shopper.token },
    );
    return `${data.status} ${data.money.state} ${data.money.refunding}`;
  };
  await expect.poll(money, { timeout: 30_000 }).toBe('delivered partly_refunded 0');

  await shop.signInBrowser(page, shopper);
  await page.goto(`/order-details?order=${order.id}`);
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('Refunded');
  await expect(refunds).toContainText('Partly refunded:');
  await shot(page, info, 'shopper-refund');
});

test('the owner answers an enquiry by mail from the inbox', async ({ page, shop }, info) => {
  const email = uniqueEmail('asker');
  const name = `Asker ${Date.now().toString(36)}`;
  await shop.api('/contacts', { method: 'POST', body: { name, email, message: 'Do you stitch for 4 years?' } });
  await ownerSignsIn(page, '/admin/enquiries');
  await noSeriousViolations(page);
  await shot(page, info, 'enquiries');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.getByLabel(`Your answer to ${email}`).fill('Yes, every piece is made to order up to 5 years.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status')).toContainText('Reply sent');
  await expect(page.getByText('every piece is made to order up to 5 years').first()).toBeVisible();
  await noSeriousViolations(page);
  await shot(page, info, 'enquiry');
  const mail = await shop.lastMail(email);
  expect(mail.subject).toBe('Re: your message to Little Loom');
  expect(mail.text).toContain('made to order up to 5 years');
});

test('the owner disables a shopper, who is signed out and cannot sign in again', async ({
  page,
  browser,
  shop,
}, info) => {
  const shopper = await shop.shopper('to-disable');
  await ownerSignsIn(page, '/admin/customers');
  await page.getByRole('searchbox', { name: 'Email, name or phone' }).fill(shopper.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: new RegExp(shopper.email.replace(/[.+]/g, '\\$&')) }).click();
  await noSeriousViolations(page);
  await shot(page, info, 'customer');
  await page.getByRole('button', { name: 'Disable account' }).click();
  await expect(page.getByRole('status')).toContainText('Account disabled');
  await expect(page.getByRole('button', { name: 'Enable account' })).toBeVisible();

  const other = await browser.newContext({ baseURL: shop.baseUrl });
  const theirs = await other.newPage();
  await shop.signInBrowser(theirs, shopper);
  await theirs.goto('/orders');
  await expect(loginPanel(theirs)).toBeVisible();
  await logInThroughForm(theirs, shopper.email, shopper.password);
  await expect(theirs.getByText('This account has been disabled. Please contact us.').first()).toBeVisible();
  await other.close();
});

test('the owner’s lists read well and are axe-clean', async ({ page }, info) => {
  await ownerSignsIn(page, '/admin/returns?state=all');
  for (const [path, heading] of [
    ['/admin/returns?state=all', 'Returns'],
    ['/admin/refunds', 'Refunds to look at'],
    ['/admin/customers', 'Shoppers'],
    ['/admin/enquiries?status=answered', 'Enquiries'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await noSeriousViolations(page);
    await shot(page, info, path.split(/[/?]/)[2]!);
  }
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the owner rejects a return: the form posts, the reason is mailed', async ({ page, shop }) => {
    const { shopper, order } = await deliveredWithReturnRequest(shop);
    await ownerSignsIn(page, '/admin/returns');
    await page.getByRole('link', { name: new RegExp(`Order #${order.id}\\b`) }).click();
    await page.getByLabel('Reason (mailed to the shopper)').fill('The bib has been washed and worn.');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByRole('status')).toContainText('Return rejected');
    await expect(page.getByText('This return was rejected.')).toBeVisible();
    const subject = `About your return for order #${order.id}`;
    await expect.poll(async () => (await shop.lastMail(shopper.email)).subject).toBe(subject);
    expect((await shop.lastMail(shopper.email)).text).toContain('washed and worn');
  });
});
