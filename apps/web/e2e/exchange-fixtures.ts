import type { AdminProductDetail } from '@shop/contract';
import type { Page } from '@playwright/test';
import { ownerToken } from './after-the-sale-fixtures';
import { variantsOf, type CatalogueVariant, type ShopHelpers, type Shopper } from './fixtures';

/**
 * Exchanges (docs/product.md 'Exchanges'): a piece bought in one size and the size asked for instead.
 * The rompers past the ones other specs buy (those take the first variants of the category), one
 * product per project so the projects' stocks and prices do not meet.
 */
export function exchangePair(project: string): { bought: CatalogueVariant; wanted: CatalogueVariant } {
  const byProduct = new Map<number, CatalogueVariant[]>();
  for (const v of variantsOf('rompers-jhablas', { minStock: 5 }))
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  // Products with two sizes of one colour in stock, the last ones of the category first.
  const pairs = [...byProduct.values()]
    .map((vs) => {
      const bought = vs[0]!;
      const wanted = vs.find((v) => v.color === bought.color && v.size !== bought.size);
      return wanted ? { bought, wanted } : undefined;
    })
    .filter((p) => p !== undefined)
    .reverse();
  const index = { phone: 0, desktop: 1, 'no-js': 2 }[project] ?? 3;
  const pair = pairs[index];
  if (!pair) throw new Error(`no romper with two sizes in stock for ${project}`);
  return pair;
}

/**
 * Sets a variant's selling price through the back office's variant grid (the other cells as they
 * are), so the size asked for costs more or less than the one bought.
 */
export async function setVariantPrice(shop: ShopHelpers, variant: CatalogueVariant, price: number) {
  const token = await ownerToken(shop);
  const product = await shop.api<AdminProductDetail>(`/admin/products/${variant.productId}`, { token });
  await shop.api(`/admin/products/${variant.productId}/variants`, {
    method: 'PUT',
    token,
    body: {
      version: product.version,
      variants: product.variants.map((v) => ({
        color_id: v.color_id,
        size_id: v.size_id,
        sku: v.sku,
        mrp: v.id === variant.variantId ? Math.max(v.mrp, price) : v.mrp,
        selling_price: v.id === variant.variantId ? price : v.selling_price,
        stock: v.stock,
        is_active: v.is_active,
      })),
    },
  });
}

/** The lines of the shopper's order, as their account reads them. */
export async function linesOf(shop: ShopHelpers, shopper: Shopper, orderId: number) {
  const { data } = await shop.api<{ data: { order_details: { id: number; price: number }[] } }>(`/orders/${orderId}`, {
    token: shopper.token,
  });
  return data.order_details;
}

/** The back office's return request of an order (its enquiry id), through the API. */
export async function returnRequestOf(shop: ShopHelpers, orderId: number) {
  const { data } = await shop.api<{ data: { enquiry_id: number }[] }>(`/admin/returns?state=all&order_id=${orderId}`, {
    token: await ownerToken(shop),
  });
  if (!data[0]) throw new Error(`no return request for order #${orderId}`);
  return data[0].enquiry_id;
}

/** The back office's card of that title (Card draws a section with its heading). */
export const adminCard = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
