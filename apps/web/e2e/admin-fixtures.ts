import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { INDIAN_ADDRESS, type Order, type ShopHelpers, type Shopper } from './fixtures';

/** Signs in at /admin/login with the form, as the owner (or anyone given). */
export async function adminSignIn(
  page: Page,
  who: { email: string; password: string } = E2E_ADMIN,
  { refused = false } = {},
) {
  await page.goto('/admin/login');
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!refused) await expect(page).not.toHaveURL(/\/admin\/login/);
}

/**
 * Opens the phone's Menu when the side navigation is hidden. Retried: right
 * after a navigation the top bar may not be drawn yet, and a click while the
 * page hydrates can be undone by the menu's re-keying.
 */
async function showAdminNav(page: Page, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) {
      const menu = page.getByText('Menu', { exact: true });
      if (await menu.isVisible()) await menu.click();
    }
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Follows a link of the back office's navigation, at any width. */
export async function adminNavTo(page: Page, name: string) {
  const link = page
    .getByRole('navigation', { name: 'Back office' })
    .filter({ visible: true })
    .getByRole('link', { name, exact: true });
  await showAdminNav(page, link);
  await link.click();
}

/** Signs out from the menu (the phone's top bar keeps it behind Menu). */
export async function adminSignOut(page: Page) {
  const signOut = page.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).first();
  await showAdminNav(page, signOut);
  await signOut.click();
  await expect(page).toHaveURL(/\/admin\/login\?signed_out=1/);
}

/** No serious or critical axe violation on the page. */
export async function expectAxeClean(page: Page) {
  // A transition half-way (a button fading back from its disabled opacity after a save) would
  // be measured at a contrast it never rests at: axe reads the page once everything is still.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${new URL(page.url()).pathname}`).toEqual([]);
}

/** A shopper's order of one piece, paid through the built-in test provider as the browser would report it. */
export async function paidOrder(
  shop: ShopHelpers,
  shopper: Shopper,
  variant: { productId: number; variantId: number },
) {
  const address = await shop.addAddress(shopper, INDIAN_ADDRESS);
  await shop.setCart(shopper, variant, 1);
  const order: Order = await shop.placeOrder(shopper, address.id);
  const start = await shop.api<{ provider_order_id: string }>(`/orders/${order.id}/payment`, {
    method: 'POST',
    token: shopper.token,
  });
  const paid = await shop.api<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    '/test-payments/pay',
    { method: 'POST', body: { order_id: start.provider_order_id, method: 'card', outcome: 'success' } },
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
  return order;
}
