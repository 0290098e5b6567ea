import { formatIndianDate, type StoreCredit } from '@shop/contract';
import { expect, type Page } from '@playwright/test';
import type { ShopHelpers, Shopper } from './fixtures';

/** Store credit (docs/product.md 'Store credit') as the back office and the account draw it. */

/** The 'Store credit' card of the back office's shopper page. */
export const creditCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Store credit', exact: true }) });

/** The shopper's balance, as the API answers it (to read the dates the pages should print). */
export const creditOf = (shop: ShopHelpers, shopper: Shopper) =>
  shop.api<StoreCredit>('/user/credit', { token: shopper.token });

/** A date as the shop writes it: India's day, DD-MM-YYYY. */
export const shopDay = (iso: string) => formatIndianDate(new Date(iso));

/** The owner opens a shopper's page from the Shoppers list, found by their email. */
export async function openShopperPage(page: Page, email: string) {
  await page.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  // The list draws a table and cards (one hidden at each width): the link that shows.
  await page
    .getByRole('link', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/customers\/\d+$/);
}

/** The page is never wider than the screen; a failure names the innermost elements that stick out. */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  const { scrollWidth, outside } = await page.evaluate(
    (width) => ({
      scrollWidth: document.documentElement.scrollWidth,
      outside: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > width + 1 && e.children.length === 0)
        .slice(0, 3)
        .map((e) => `<${e.tagName.toLowerCase()}> ${(e.textContent ?? '').trim().slice(0, 60)}`),
    }),
    width,
  );
  expect(scrollWidth, `wider than the screen: ${outside.join(' | ')}`).toBeLessThanOrEqual(width);
}
