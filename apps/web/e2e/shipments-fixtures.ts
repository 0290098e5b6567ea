import { expect, type Page } from '@playwright/test';
import {
  INDIAN_ADDRESS,
  variantsOf,
  type CatalogueVariant,
  type Order,
  type ShopHelpers,
  type Shopper,
} from './fixtures';

/**
 * Three pieces of the demo catalogue, each of its own product (their names tell the ship form's
 * lines apart): the hair accessories past the first product (payment-failure's), a different one
 * per project so the projects' stocks do not meet.
 */
export function threeProducts(project: string): [CatalogueVariant, CatalogueVariant, CatalogueVariant] {
  const all = variantsOf('hair-accessories', { minStock: 10 });
  const first = all[0]!.productId;
  const byProduct = new Map<number, CatalogueVariant[]>();
  for (const v of all.filter((v) => v.productId !== first))
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const offset = project === 'phone' ? 0 : project === 'no-js' ? 1 : 2;
  const picks = [...byProduct.values()].map((vs) => vs[offset % vs.length]!);
  if (picks.length < 3) throw new Error('three hair accessories of distinct products are needed');
  return [picks[0]!, picks[1]!, picks[2]!];
}

/** A paid order of 2 pieces of the first product and 1 of each other, as the browser pays it. */
export async function threeLineOrder(shop: ShopHelpers, shopper: Shopper, pieces: CatalogueVariant[]): Promise<Order> {
  const address = await shop.addAddress(shopper, INDIAN_ADDRESS);
  await shop.setCart(shopper, pieces[0]!, 2);
  await shop.setCart(shopper, pieces[1]!, 1);
  await shop.setCart(shopper, pieces[2]!, 1);
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

/** The ship form's number field of a product's line. */
export const piecesOf = (page: Page, product: CatalogueVariant) =>
  page.getByRole('spinbutton', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** The page never scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}
