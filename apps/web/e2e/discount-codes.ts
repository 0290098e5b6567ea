import type { DiscountBody } from '@shop/contract';
import { E2E_ADMIN } from './env';
import type { ShopHelpers } from './fixtures';

/** A discount code made through the back office's API, as the owner; unique per call. */
export async function makeCode(shop: ShopHelpers, label: string, rules: Partial<DiscountBody> = {}): Promise<string> {
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  const code = `${label}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
  const body: DiscountBody = {
    code,
    kind: 'percent',
    value: 10,
    min_subtotal: 0,
    starts_at: null,
    ends_at: null,
    max_uses: null,
    max_uses_per_buyer: null,
    first_order_only: false,
    category_ids: [],
    collection_ids: [],
    exclude_sale_items: false,
    active: true,
    note: 'e2e',
    ...rules,
  };
  await shop.api('/admin/discounts', { method: 'POST', token, body });
  return code;
}

/** What 10% off a price in rupees takes off, in whole paise (docs/product.md 'Discount codes'). */
export const tenPercentOf = (rupees: number) => Math.round(rupees * 100 * 0.1) / 100;
