import { ROUTES } from '@shop/contract/lite';
import {
  COD_REFUSALS,
  DiscountCodeText,
  GuestDetailsBody,
  MESSAGES,
  PlaceOrderBody,
  type Address,
  type PaymentMethod,
} from '@shop/contract';
import { redirect } from 'react-router';
import { type Args } from './api.server';
import { codeCookie, waitingCode } from './discount-code.server';
import { redirectWithFlash } from './flash.server';
import { checkForm, numberField, textField } from './form';
import { failed, formAnswer } from './form.server';
import { requireBuyer } from './session.server';
import { ADDRESS_FORM_FIELDS, guestDetailsForm } from './addresses';
import { call, read } from './call.server';

/** What the checkout prices: an address of the shopper's and a shipping type, as its address says. */
export interface CheckoutChoices {
  address: number | null;
  shipping_type: 'standard' | 'express';
  /** Cash on delivery is priced with its fee, so the page is drawn for the way to pay chosen. */
  payment_method: PaymentMethod;
  /** Spend the account's store credit first (docs/product.md 'Store credit'). */
  use_credit: boolean;
}

const shippingOf = (value: string | null) => (value === 'express' ? 'express' : 'standard');
const paymentOf = (value: string | null): PaymentMethod => (value?.toUpperCase() === 'COD' ? 'COD' : 'ONLINE');

/** The checkout's address with the choices in it, so a re-priced page (no scripts) keeps them. */
function checkoutPath({ address, shipping_type, payment_method, use_credit }: CheckoutChoices): string {
  const params = new URLSearchParams();
  if (address) params.set('address', String(address));
  if (shipping_type !== 'standard') params.set('shipping', shipping_type);
  if (payment_method === 'COD') params.set('payment', 'cod');
  if (use_credit) params.set('credit', '1');
  const query = params.toString();
  return query ? `/checkout?${query}` : '/checkout';
}

/** The address asked for when it is one of the shopper's, else the last one they saved. */
function addressOf(asked: number, addresses: readonly Address[]): number | null {
  return addresses.find((a) => a.id === asked)?.id ?? addresses.at(-1)?.id ?? null;
}

/**
 * What the checkout shows: the cart, the saved addresses, the rate table,
 * the choices (from the address, so a page priced again keeps them), the
 * server's quote for them with the code waiting (docs/product.md 'One
 * price': nothing in the browser adds up a total), and this attempt's key.
 */
export async function loadCheckout(args: Args) {
  const buyer = await requireBuyer(args);
  const [cart, addresses, rates, consent] = await Promise.all([
    read(args, ROUTES['cart.get']),
    read(args, ROUTES['addresses.list']),
    read(args, ROUTES['shipping.rates']),
    read(args, ROUTES['accounts.messageConsent']),
  ]);
  const lines = cart.data;
  // docs/product.md#validation: an out-of-stock line blocks checkout.
  if (lines.some((l) => !l.product.is_available_in_stock)) {
    throw await redirectWithFlash(args, '/cart', { kind: 'error', text: MESSAGES.someOutOfStock });
  }
  const url = new URL(args.request.url);
  // A guest says who they are and where the parcel goes first (or again, to change it).
  const guest = buyer.guest
    ? { email: buyer.email, details: !buyer.email || url.searchParams.get('details') === '1' }
    : null;
  const choices: CheckoutChoices = {
    address: addressOf(Number(url.searchParams.get('address')), addresses.data),
    shipping_type: shippingOf(url.searchParams.get('shipping')),
    payment_method: paymentOf(url.searchParams.get('payment')),
    use_credit: url.searchParams.get('credit') === '1',
  };
  const code = waitingCode(args);
  const quote =
    lines.length === 0
      ? null
      : (
          await read(args, ROUTES['orders.quote'], {
            body: {
              ...(choices.address ? { address: choices.address } : {}),
              shipping_type: choices.shipping_type,
              payment_method: choices.payment_method,
              use_credit: choices.use_credit,
              ...(code ? { discount_code: code } : {}),
            },
          })
        ).data;
  return {
    lines,
    addresses: addresses.data,
    rates: rates.data,
    /** Which channels besides email may carry the order's news, and what the buyer chose before. */
    consent,
    choices,
    quote,
    /** The code waiting, as the shopper meets it (applied, or refused with the quote's reason). */
    code: code ?? null,
    guest,
    // One key per checkout page: Order Now sent twice (a double tap, a retry after a
    // lost answer) places one order. Made here, as browsers offer crypto.randomUUID
    // only on https and localhost.
    idempotencyKey: crypto.randomUUID(),
  };
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{8,100}$/;

/** The checkout form's answer about its code field: why the code typed does not apply, and what was typed. */
const codeAnswer = (typed: string, error: string) =>
  formAnswer({ fieldErrors: { discount_code: error }, values: { discount_code: typed } });

/**
 * Apply (docs/product.md 'Discount codes'): the code is priced against this
 * bag before it is kept; a refusal says why in words and leaves everything as
 * it was. Applied, the page comes back priced with it.
 */
async function applyCode(args: Args, form: FormData, choices: CheckoutChoices) {
  const typed = textField(form, 'discount_code');
  if (typed.trim() === '') return codeAnswer(typed, 'Please enter a discount code');
  const code = DiscountCodeText.safeParse(typed);
  if (!code.success) return codeAnswer(typed, code.error.issues[0]!.message);
  const res = await call(args, ROUTES['orders.quote'], {
    body: {
      ...(choices.address ? { address: choices.address } : {}),
      shipping_type: choices.shipping_type,
      payment_method: choices.payment_method,
      use_credit: choices.use_credit,
      discount_code: code.data,
    },
  });
  if (!res.ok) return failed(res);
  const quote = res.data.data;
  if (quote.code_refusal) return codeAnswer(typed, quote.code_refusal.message);
  return redirectWithFlash(
    args,
    checkoutPath(choices),
    { kind: 'success', text: `${quote.discount_code} applied` },
    { cookies: [codeCookie(args, quote.discount_code)], replace: true },
  );
}

/**
 * The checkout's one form: Order Now, and its smaller buttons (`intent`):
 * Apply and Remove for the discount code, and Update total for a page
 * without scripts whose choices changed.
 */
export async function checkoutAction(args: Args) {
  await requireBuyer(args);
  const form = await args.request.formData();
  const choices: CheckoutChoices = {
    address: Number.isInteger(numberField(form, 'address')) ? numberField(form, 'address') : null,
    shipping_type: shippingOf(textField(form, 'shipping_type')),
    payment_method: paymentOf(textField(form, 'payment_method')),
    use_credit: textField(form, 'use_credit') === '1',
  };
  switch (textField(form, 'intent')) {
    case 'guest_details':
      return saveGuestDetails(args, form, choices);
    case 'apply_code':
      return applyCode(args, form, choices);
    case 'remove_code':
      return redirect(checkoutPath(choices), { headers: { 'set-cookie': codeCookie(args, null) } });
    case 'requote':
      // The form's default button (Enter in any field): a code typed is applied as well.
      return textField(form, 'discount_code').trim() ? applyCode(args, form, choices) : redirect(checkoutPath(choices));
    default:
      return placeOrder(args, form, choices);
  }
}

const GUEST_FORM_FIELDS = ['email', ...ADDRESS_FORM_FIELDS];

/**
 * Continue as guest (docs/product.md 'Buying as a guest'): an email for the
 * receipts and the order's link, a mobile for the courier, and the address;
 * saved, the checkout goes on with that address chosen.
 */
async function saveGuestDetails(args: Args, form: FormData, choices: CheckoutChoices) {
  const values = Object.fromEntries(GUEST_FORM_FIELDS.map((n) => [n, textField(form, n)]));
  const checked = checkForm(GuestDetailsBody, guestDetailsForm(form));
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const res = await call(args, ROUTES['guests.details'], { body: checked.data });
  if (!res.ok) return failed(res, { values });
  return redirectWithFlash(
    args,
    checkoutPath({ ...choices, address: res.data.data.id }),
    { kind: 'success', text: res.data.message },
    { replace: true },
  );
}

/**
 * Order Now (docs/product.md#validation, docs/product.md#messages): refused without an address; cash on
 * delivery refused by the API in words (off: the seed's message; out of range, a refused PIN code, an
 * open COD order on the phone, abroad); an out-of-stock line goes back to the cart; a code that no longer
 * holds says why. Placed, an online order goes to the pay page, a COD order to the page that takes its
 * mailed code (or, with no code asked, to the order), with the server's message, priced again by the
 * server (what the pay page shows is what is charged).
 */
async function placeOrder(args: Args, form: FormData, choices: CheckoutChoices) {
  if (choices.address === null) {
    return formAnswer({ notice: { kind: 'error', text: 'Please select an address to deliver' } });
  }
  const applied = textField(form, 'applied_code');
  const body = PlaceOrderBody.safeParse({
    address: choices.address,
    shipping_type: choices.shipping_type,
    payment_method: choices.payment_method,
    use_credit: choices.use_credit,
    ...(applied ? { discount_code: applied } : {}),
    // The ticks for order messages, when the page offered them (no tick: withdrawn).
    ...(form.get('order_messages') === '1'
      ? {
          order_messages: {
            whatsapp: form.get('messages_whatsapp') === '1',
            sms: form.get('messages_sms') === '1',
          },
        }
      : {}),
  });
  if (!body.success) return formAnswer({ notice: { kind: 'error', text: body.error.issues[0]!.message } });
  const key = textField(form, 'idempotency_key');
  const res = await call(
    args,
    ROUTES['orders.place'],
    { body: body.data },
    { headers: IDEMPOTENCY_KEY.test(key) ? { 'idempotency-key': key } : {} },
  );
  if (!res.ok) {
    if (res.reason === 'out_of_stock') {
      return redirectWithFlash(args, '/cart', { kind: 'error', text: MESSAGES.someOutOfStock });
    }
    // One sentence per piece held in unpaid orders, each saying how many more may be ordered.
    if (res.reason === 'unpaid_pieces_limit' || COD_REFUSALS.some((r) => r === res.reason)) {
      return formAnswer({ notice: { kind: 'error', text: res.errors.join(' ') } }, res.status);
    }
    return failed(res);
  }
  const order = res.data.data[0]!;
  // An order store credit paid in full has nothing to pay: it goes to the order itself.
  const next =
    order.payment_method !== 'COD'
      ? order.payable === 0
        ? `/order-details?order=${order.id}`
        : `/pay?order=${order.id}`
      : order.can_confirm_cod
        ? `/cod-confirm?order=${order.id}`
        : `/order-details?order=${order.id}`;
  return redirectWithFlash(
    args,
    next,
    { kind: 'success', text: res.data.message },
    applied || waitingCode(args) ? { cookies: [codeCookie(args, null)] } : {},
  );
}
