import { E2E_ADMIN } from './env';
import {
  INDIAN_ADDRESS,
  uniqueEmail,
  type CatalogueVariant,
  type Order,
  type ShopHelpers,
  type Shopper,
} from './fixtures';

/** The owner's back-office token, for setting the scene through the API. */
export async function ownerToken(shop: ShopHelpers) {
  const { token } = await shop.api<{ token: string }>('/admin/login', { method: 'POST', body: E2E_ADMIN });
  return token;
}

/** A shopper's order of one piece of each variant, paid with the test provider, shipped and delivered by the shop. */
export async function deliveredOrder(shop: ShopHelpers, shopper: Shopper, variants: CatalogueVariant[]) {
  const address = await shop.addAddress(shopper, INDIAN_ADDRESS);
  for (const variant of variants) await shop.setCart(shopper, variant, 1);
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
  const owner = await ownerToken(shop);
  const ship = { carrier: 'delhivery', tracking_number: `DL${order.id}0027` };
  await shop.api(`/admin/orders/${order.id}/ship`, { method: 'POST', token: owner, body: ship });
  await shop.api(`/admin/orders/${order.id}/deliver`, { method: 'POST', token: owner, body: {} });
  return order;
}

/** A member of staff (not admin), invited by the owner and signed up from the mailed link, through the API. */
export async function staffMember(shop: ShopHelpers) {
  const email = uniqueEmail('money-staff');
  const password = 'staff password after sale';
  const owner = await ownerToken(shop);
  await shop.api('/admin/staff/invite', {
    method: 'POST',
    token: owner,
    body: { email, name: 'Kavya', role: 'staff' },
  });
  const link = new URL(/https?:\/\/\S+\/admin\/invite\?\S+/.exec((await shop.lastMail(email)).text)![0]);
  await shop.api('/admin/invite/accept', {
    method: 'POST',
    body: { email, code: link.searchParams.get('code'), password },
  });
  return { email, password };
}

/** The shopper asks to return the order; the owner accepts one piece of its first line through the API. */
export async function returnOnePiece(shop: ShopHelpers, shopper: Shopper, orderId: number) {
  await shop.api('/contacts', {
    method: 'POST',
    token: shopper.token,
    body: { name: 'Returner', email: shopper.email, message: 'The first one is too small.', order_id: orderId },
  });
  const owner = await ownerToken(shop);
  const { data } = await shop.api<{ data: { enquiry_id: number }[] }>(`/admin/returns?state=all&order_id=${orderId}`, {
    token: owner,
  });
  const { lines } = await shop.api<{ lines: { id: number }[] }>(`/admin/orders/${orderId}`, { token: owner });
  await shop.api(`/admin/returns/${data[0]!.enquiry_id}/accept`, {
    method: 'POST',
    token: owner,
    body: { lines: [{ line_id: lines[0]!.id, quantity: 1 }], request_key: `e2e-return-${orderId}` },
  });
  return lines[0]!;
}
