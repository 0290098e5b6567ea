import { ROUTES } from '@shop/contract/lite';
import { COD_UNAVAILABLE, MESSAGES, PlaceOrderBody } from '@shop/contract';
import { callApi, load, type Args } from './api.server';
import { redirectWithFlash } from './flash.server';
import { numberField, textField } from './form';
import { failed, formAnswer } from './form.server';
import { loadMine, requireUser, sessionEnded } from './session.server';

/** What the checkout shows: the cart, the saved addresses, the rate table, and this attempt's key. */
export async function loadCheckout(args: Args) {
  await requireUser(args);
  const [cart, addresses, rates] = await Promise.all([
    loadMine(args, ROUTES['cart.get']),
    loadMine(args, ROUTES['addresses.list']),
    load(args.context, ROUTES['shipping.rates']),
  ]);
  const lines = cart.data;
  // docs/product.md#validation: an out-of-stock line blocks checkout.
  if (lines.some((l) => !l.product.is_available_in_stock)) {
    throw await redirectWithFlash(args, '/cart', { kind: 'error', text: MESSAGES.someOutOfStock });
  }
  return {
    lines,
    addresses: addresses.data,
    rates: rates.data,
    // One key per checkout page: Order Now sent twice (a double tap, a retry after a
    // lost answer) places one order. Made here, as browsers offer crypto.randomUUID
    // only on https and localhost.
    idempotencyKey: crypto.randomUUID(),
  };
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{8,100}$/;

/**
 * Order Now (docs/product.md#validation, docs/product.md#messages): refused without an address or for cash on
 * delivery; an out-of-stock line goes back to the cart; placed, the order
 * goes to the pay page with the server's message.
 */
export async function placeOrder(args: Args) {
  await requireUser(args);
  const form = await args.request.formData();
  if (textField(form, 'payment_method') === 'COD') {
    return formAnswer({ notice: { kind: 'error', text: COD_UNAVAILABLE } });
  }
  const address = numberField(form, 'address');
  if (!Number.isInteger(address)) {
    return formAnswer({ notice: { kind: 'error', text: 'Please select an address to deliver' } });
  }
  const body = PlaceOrderBody.safeParse({
    address,
    shipping_type: textField(form, 'shipping_type') || undefined,
    payment_method: 'ONLINE',
  });
  if (!body.success) return formAnswer({ notice: { kind: 'error', text: body.error.issues[0]!.message } });
  const key = textField(form, 'idempotency_key');
  const res = await callApi(
    args,
    ROUTES['orders.place'],
    { body: body.data },
    { headers: IDEMPOTENCY_KEY.test(key) ? { 'idempotency-key': key } : {} },
  );
  if (res.status === 401) return sessionEnded(args);
  if (!res.ok) {
    if (res.reason === 'out_of_stock') {
      return redirectWithFlash(args, '/cart', { kind: 'error', text: MESSAGES.someOutOfStock });
    }
    return failed(res);
  }
  const order = res.data.data[0]!;
  return redirectWithFlash(args, `/pay?order=${order.id}`, { kind: 'success', text: res.data.message });
}
