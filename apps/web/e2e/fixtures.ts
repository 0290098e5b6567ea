import { readFileSync } from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { shared } from './env';

/** The storefront's session cookie over http (docs/product.md#screens; `__Host-session` over https). */
export const SESSION_COOKIE = 'session';
/** The analytics answer (lib/consent.server.ts). */
export const CONSENT_COOKIE = 'analytics_consent';
/** The Google Analytics id the e2e shop runs with (global-setup). */
export const E2E_GA_ID = 'G-E2ETEST123';

/** The browser's session cookie, if it has one. */
export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
}

export interface Shopper {
  email: string;
  password: string;
  token: string;
  user: { id: number; name: string; email: string; phone: string; role: string };
}

/** One variant of the demo catalogue, as global-setup read it at start-up (stock before any test ran). */
export interface CatalogueVariant {
  productId: number;
  variantId: number;
  slug: string;
  name: string;
  category: string;
  size: string;
  color: string;
  stock: number;
  price: number;
  mrp: number;
}

export interface Address {
  id: number;
  address: string;
  phone: string;
  locality: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export interface Order {
  id: number;
  status: string;
  status_label: string;
  subtotal: number;
  shipping: number;
  total: number;
  payment_id: string | null;
  payment_due_at: string;
}

let counter = 0;
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`;

/**
 * The page runs its scripts: the shop starts them once a page has loaded
 * (deferScripts in the server), and root.tsx marks <html> when they have
 * hydrated it. Forms, links and the buy box work before that (they post to
 * the server), so tests wait for it only where a shopper needs a script: a
 * dialog, a menu, the payment window, a check made in the browser.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/** Opens a page and waits for its scripts (see `hydrated`). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** The shop started by global-setup: its URL, and helpers that talk to its API directly. */
export const test = base.extend<{ shop: ShopHelpers }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies in this pattern
  baseURL: async ({}, use) => use(shared().baseUrl),
  shop: async ({ baseURL }, use) => use(new ShopHelpers(baseURL!)),
  // The e2e shop has Google Analytics configured (global-setup); every browser has already
  // declined it, so the consent banner shows only where a test clears this cookie.
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'denied', url: baseURL! }]);
    await use(context);
  },
});
export { expect };

/** For `beforeAll` hooks, where test fixtures are not available. */
export const shopHelpers = () => new ShopHelpers(shared().baseUrl);

/** A delivery address in India that passes every rule (docs/product.md#addresses). */
export const INDIAN_ADDRESS = {
  address: '14 Gulmohar Lane',
  locality: 'Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
  country: 'India',
  phone: '9876543210',
} as const;

let catalogueCache: CatalogueVariant[] | undefined;

/** Every variant of the demo catalogue (see global-setup). */
export function catalogue(): CatalogueVariant[] {
  catalogueCache ??= JSON.parse(readFileSync(shared().cataloguePath, 'utf8')) as CatalogueVariant[];
  return catalogueCache;
}

/**
 * Variants of one category with a stock in [minStock, maxStock], lowest id first.
 * Each spec buys from its own category, so no spec (and no project) empties another's stock.
 */
export function variantsOf(category: string, { minStock = 1, maxStock = Infinity } = {}): CatalogueVariant[] {
  const found = catalogue().filter((v) => v.category === category && v.stock >= minStock && v.stock <= maxStock);
  if (found.length === 0) throw new Error(`no variant in ${category} with stock ${minStock}..${maxStock}`);
  return found;
}

/** '₹1,23,456' → 123456 */
export const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
/** 123456 → '₹1,23,456', as the shop writes prices. */
export const formatRupees = (amount: number) =>
  `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;

export class ShopHelpers {
  constructor(readonly baseUrl: string) {}

  async api<T>(
    path: string,
    init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /** A registered, logged-in shopper, made through the API. */
  async shopper(label = 'shopper', password = 'handmade with love'): Promise<Shopper> {
    const email = uniqueEmail(label);
    await this.api('/register', { method: 'POST', body: { email, password, name: label } });
    const { token, user } = await this.api<{ token: string; user: Shopper['user'] }>('/login', {
      method: 'POST',
      body: { email, password },
    });
    return { email, password, token, user };
  }

  /** Opens the shop already signed in as `shopper`: their session in the HttpOnly cookie, as a login leaves it. */
  async signInBrowser(page: Page, shopper: Shopper) {
    await page
      .context()
      .addCookies([{ name: SESSION_COOKIE, value: shopper.token, url: this.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  }

  /** The last mail the shop sent to `to`, from the loopback SMTP server, and how many `to` received. */
  async lastMail(to: string): Promise<{ subject: string; text: string; count: number }> {
    for (let i = 0; i < 40; i += 1) {
      const res = await fetch(`${shared().mailUrl}/latest?to=${encodeURIComponent(to)}`);
      if (res.ok) return (await res.json()) as { subject: string; text: string; count: number };
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no mail to ${to}`);
  }

  /** The 6-digit code of the password-reset mail sent to `to`. */
  async resetCode(to: string): Promise<string> {
    for (let i = 0; i < 40; i += 1) {
      const mail = await this.lastMail(to);
      const code = /password reset code/i.test(mail.subject) ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no password reset code mailed to ${to}`);
  }

  /** A product variant with at least `stock` pieces: its page slug and ids. */
  async inStockVariant(skip = 0, stock = 3) {
    const list = await this.api<{ data: { product_variants: { slug: string } }[] }>(
      '/products/productvariant?in_stock=true&limit=60&sort=popular',
    );
    const found = [];
    for (const item of list.data) {
      const detail = await this.api<{
        data: {
          products: { id: number; name: string };
          product_variants: { id: number; stock: number; slug: string };
        }[];
      }>(`/product/${item.product_variants.slug}`);
      const d = detail.data[0]!;
      if (d.product_variants.stock >= stock) found.push(d);
      if (found.length > skip) break;
    }
    const d = found[skip]!;
    return {
      slug: d.product_variants.slug,
      productId: d.products.id,
      variantId: d.product_variants.id,
      name: d.products.name,
    };
  }

  /** Saves an address for the shopper (an Indian one unless told otherwise). */
  async addAddress(shopper: Shopper, fields: Omit<Address, 'id'> = INDIAN_ADDRESS): Promise<Address> {
    const res = await this.api<{ data: Address }>('/address', { method: 'POST', body: fields, token: shopper.token });
    return res.data;
  }

  /** Sets the quantity of a cart line (absolute; 0 removes it). */
  async setCart(shopper: Shopper, variant: Pick<CatalogueVariant, 'productId' | 'variantId'>, quantity: number) {
    await this.api('/carts', {
      method: 'POST',
      token: shopper.token,
      body: { product_id: variant.productId, product_variant_id: variant.variantId, quantity },
    });
  }

  /** Places an order of the shopper's cart, as Order Now does. */
  async placeOrder(shopper: Shopper, addressId: number, shippingType: 'standard' | 'express' = 'standard') {
    const res = await this.api<{ data: Order[] }>('/orders', {
      method: 'POST',
      token: shopper.token,
      body: { address: addressId, shipping_type: shippingType, payment_method: 'ONLINE' },
    });
    return res.data[0]!;
  }

  /** Revokes the shopper's token, as logging out elsewhere does. */
  async revoke(shopper: Shopper) {
    await this.api('/logout', { method: 'POST', token: shopper.token });
  }
}

/** A toast (sonner) with exactly this text; duplicates of the same toast are fine. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page
    .locator('[data-sonner-toaster]')
    .getByText(text, { exact: typeof text === 'string' })
    .first();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(toast(page, text)).toBeVisible();
}

/**
 * Waits until the toasts have closed (1500 ms). They sit over the header's icons
 * (top-right; the whole width on phones), and a pointer resting on a toast keeps
 * it open, so a click on the header must wait for them.
 */
export async function toastsGone(page: Page) {
  await page.mouse.move(0, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/** Phones: opens the hamburger drawer and answers it (a script's dialog; before, the menu is a page). */
export async function openDrawer(page: Page): Promise<Locator> {
  await hydrated(page);
  await toastsGone(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: /Menu/ });
  await expect(drawer).toBeVisible();
  return drawer;
}

/**
 * The header's sign-in state: on desktop the 'Sign in' or 'My Account' control;
 * on phones (no account control in the bar) the drawer's Sign In / My Account row.
 */
export async function expectHeaderSignedIn(page: Page, isMobile: boolean, signedIn: boolean) {
  if (isMobile) {
    const drawer = await openDrawer(page);
    if (signedIn) {
      await expect(drawer.getByRole('button', { name: 'My Account' })).toBeVisible();
      await expect(drawer.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    } else {
      await expect(drawer.getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expect(drawer.getByRole('button', { name: 'My Account' })).toHaveCount(0);
    }
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    return;
  }
  // The words show beside the icons (an icon alone is a riddle); 'My Account' is a link to the profile until the scripts run.
  const header = page.getByRole('banner');
  const account = header
    .getByRole('button', { name: 'My Account' })
    .or(header.getByRole('link', { name: 'My Account' }));
  if (signedIn) {
    await expect(account).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  } else {
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(account).toHaveCount(0);
  }
}

/** The log-in form of /login (beside the register form on wide screens, its own tab on phones). */
export function loginPanel(page: Page): Locator {
  return page.getByRole('tabpanel').filter({ has: page.getByRole('button', { name: 'Log In', exact: true }) });
}

/** Fills and sends the log-in form of /login (the page must be open). */
export async function logInThroughForm(page: Page, email: string, password: string) {
  const panel = loginPanel(page);
  await panel.getByLabel('Email address').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Log In', exact: true }).click();
}

/** Signs out through the header: the account menu on desktop, the drawer on phones. */
export async function logOutThroughHeader(page: Page, isMobile: boolean) {
  if (isMobile) {
    const drawer = await openDrawer(page);
    await drawer.getByRole('button', { name: 'My Account' }).click();
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await expect(drawer).toBeHidden();
  } else {
    await hydrated(page);
    await toastsGone(page);
    await page.getByRole('banner').getByRole('button', { name: 'My Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}

/** The amount as the payment sheet writes it: '₹3,148.00'. */
export const sheetAmount = (rupeesAmount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupeesAmount);

/** The built-in test payment sheet (test-checkout/checkout.js), once 'Make Payment' opened it. */
export function paymentSheet(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'UPI' }) });
}

/** One order of My Orders, by its id. */
export function orderCard(page: Page, orderId: number): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByText(`#${orderId}`, { exact: true }) });
}

/** A fact of the order-details summary ('Payment status', 'Status', ...). */
export function orderFact(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Summary' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

/**
 * Records the text of every toast the page shows, however briefly (they close
 * after 1500 ms): read it with `shownToasts(page)`. Call before the first goto.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const log: string[] = [];
    const seen = new WeakSet<Element>();
    (window as unknown as { __e2eToasts: string[] }).__e2eToasts = log;
    new MutationObserver(() => {
      for (const title of document.querySelectorAll('[data-sonner-toast] [data-title]')) {
        if (seen.has(title) || !title.textContent) continue;
        seen.add(title);
        log.push(title.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

export function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __e2eToasts: string[] }).__e2eToasts]);
}
