import type { CodSettings } from '@shop/contract';
import { E2E_ADMIN } from './env';
import { INDIAN_ADDRESS, variantsOf, type CatalogueVariant, type ShopHelpers, type Shopper } from './fixtures';

/**
 * Cash on delivery's e2e helpers. COD is a shop-wide switch and the specs
 * share one shop, so the COD specs run in projects of their own after every
 * other spec (playwright.config.ts: 'forms.spec' checks the seed's refusal
 * while COD is off) and one after the other; each switches COD off at its end.
 */

/** The owner's back-office token, for what the spec sets up or puts back through the API. */
export async function ownerToken(shop: ShopHelpers): Promise<string> {
  return (await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN })).token;
}

/** The shop's defaults (COD_DEFAULTS in the contract, written out: the specs import only its types). */
const COD_DEFAULTS: CodSettings = {
  enabled: false,
  min_order: 299,
  max_order: 5000,
  fee: 49,
  refused_pincodes: [],
  max_open_per_phone: 1,
  confirm_by_code: true,
};

/** Saves the COD terms through the API (the owner's UI is what the specs test; this sets up and puts back). */
export async function setCod(shop: ShopHelpers, change: Partial<CodSettings>) {
  await shop.api('/admin/settings', {
    method: 'PUT',
    token: await ownerToken(shop),
    body: { cod: { ...COD_DEFAULTS, ...change } },
  });
}

let phones = 0;
/** A phone of its own per order: the shop allows one open COD order per phone. */
export const uniquePhone = () =>
  `7${String(Date.now() % 1e6).padStart(6, '0')}${String(++phones % 1000).padStart(3, '0')}`;

/** Variants worth a COD order on their own (₹299 to ₹5,000 with shipping), from a category no other spec buys. */
export const codVariants = (category: string): CatalogueVariant[] =>
  variantsOf(category, { minStock: 6 }).filter((v) => v.price >= 299 && v.price <= 4500);

/** A shopper with the variant in their cart and an Indian address with a phone of its own. */
export async function codShopper(shop: ShopHelpers, label: string, variant: CatalogueVariant, quantity = 1) {
  const shopper = await shop.shopper(label);
  const address = await shop.addAddress(shopper, { ...INDIAN_ADDRESS, phone: uniquePhone() });
  await shop.setCart(shopper, variant, quantity);
  return { shopper, address };
}

/**
 * The variant's stock now, from the owner's stock grid (the product page shows a count only at or
 * below the low-stock threshold, docs/product.md 'Stock').
 */
export async function stockOf(shop: ShopHelpers, variant: CatalogueVariant): Promise<number> {
  const token = await ownerToken(shop);
  const grid = await shop.api<{ data: { variant_id: number; stock: number }[] }>(
    `/admin/stock?q=${encodeURIComponent(variant.name)}&per_page=200`,
    { token },
  );
  const row = grid.data.find((r) => r.variant_id === variant.variantId);
  if (!row) throw new Error(`no stock row for variant ${variant.variantId}`);
  return row.stock;
}

/** The code mailed to confirm the order (the mail goes out after the commit: polled). */
export async function mailedCodCode(shop: ShopHelpers, shopper: Shopper, orderId: number): Promise<string> {
  for (let i = 0; i < 60; i += 1) {
    const mail = await shop.lastMail(shopper.email).catch(() => null);
    if (mail?.subject === `Confirm your cash-on-delivery order #${orderId}`) {
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no COD code mailed to ${shopper.email} for order #${orderId}`);
}
