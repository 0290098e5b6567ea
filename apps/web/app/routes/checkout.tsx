import { COD_UNAVAILABLE, zoneOfCountry, type ShippingType } from '@shop/contract';
import { Form, Link, useNavigation, useSubmit } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import {
  AddressChoice,
  CreditChoice,
  MessageChoice,
  PaymentChoice,
  ShippingChoice,
} from '~/components/checkout/choices';
import { GuestDetails } from '~/components/checkout/guest-details';
import { OrderSummary } from '~/components/checkout/order-summary';
import { buttonClass } from '~/components/ui/button';
import { checkoutAction, loadCheckout } from '~/lib/checkout.server';
import { useSubmitting } from '~/lib/pending';
import { toast } from '~/lib/toast';
import type { Route } from './+types/checkout';

export const meta = () => [{ title: 'Checkout | Little Loom' }, { name: 'robots', content: 'noindex' }];

export const loader = (args: Route.LoaderArgs) => loadCheckout(args);
export const action = (args: Route.ActionArgs) => checkoutAction(args);

/**
 * Checkout (docs/product.md#screens): one form, so Order Now, Apply and
 * Remove work before the scripts run. The summary is the server's quote for
 * the choices in the page's address (`?address=…&shipping=…`); with the
 * scripts, changing the address or the shipping asks for the page again with
 * them, so the total follows.
 */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, addresses, rates, consent, choices, quote, code, guest, idempotencyKey } = loaderData;
  const placing = useSubmitting('place');
  const submit = useSubmit();
  const navigation = useNavigation();
  const repricing = navigation.state === 'loading' && navigation.location.pathname === '/checkout';

  const onChange = (e: React.ChangeEvent<HTMLFormElement>) => {
    const target = e.target as unknown as HTMLInputElement;
    if (target.name === 'payment_method' && target.value === 'COD' && !quote?.cod_offer) {
      // docs/product.md#validation: while the owner has cash on delivery off, choosing it says so, and online stays chosen.
      toast.error(COD_UNAVAILABLE);
      e.currentTarget.querySelector<HTMLInputElement>('input[name="payment_method"][value="ONLINE"]')!.checked = true;
      return;
    }
    // The total follows the address, the shipping, the way to pay (cash on delivery adds its fee) and the credit.
    if (['address', 'shipping_type', 'payment_method', 'use_credit'].includes(target.name)) {
      const fields = new FormData(e.currentTarget);
      const params = new URLSearchParams();
      const chosen = fields.get('address');
      if (typeof chosen === 'string') params.set('address', chosen);
      if (fields.get('shipping_type') === 'express') params.set('shipping', 'express');
      if (fields.get('payment_method') === 'COD') params.set('payment', 'cod');
      if (fields.get('use_credit') === '1') params.set('credit', '1');
      void submit(params, { method: 'get', action: '/checkout', replace: true, preventScrollReset: true });
    }
  };

  if (lines.length === 0 || !quote) {
    return (
      <div className="container-shop py-24 text-center">
        <h1 className="text-3xl">Your Cart is Empty</h1>
        <Link to="/shop" className={`${buttonClass.primary} mt-6`}>
          Continue shopping
        </Link>
      </div>
    );
  }

  if (guest?.details) {
    return (
      <div className="container-shop py-10">
        <PageHeading title="Checkout" back={{ to: '/cart', label: 'Back to cart' }} />
        <GuestDetails
          answer={actionData}
          start={{ email: guest.email, address: addresses.at(-1) ?? null }}
          itemCount={lines.reduce((n, l) => n + l.quantity, 0)}
          quote={quote}
        />
      </div>
    );
  }

  const address = addresses.find((a) => a.id === choices.address) ?? null;
  const rateOf = (type: ShippingType) =>
    address
      ? rates.find((r) => r.zone === zoneOfCountry(address.country) && r.shipping_type === type)?.amount
      : undefined;
  const typed = actionData?.values?.discount_code ?? (quote.discount_code ? '' : (code ?? ''));
  const codeError =
    actionData?.fieldErrors?.discount_code ?? (code && !actionData ? quote.code_refusal?.message : undefined);

  return (
    <div className="container-shop py-10">
      <PageHeading title="Checkout" back={{ to: '/cart', label: 'Back to cart' }} />
      <Form method="post" onChange={onChange} className="grid grid-cols-1 gap-10 lg:grid-cols-[1fr_24rem]">
        {/* The form's default button (Enter in a field): prices the page again, applying a code typed. */}
        <button type="submit" name="intent" value="requote" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <div className="space-y-10">
          {guest && (
            <p className="rounded-2xl bg-white p-4 text-sm shadow-sm">
              Ordering as a guest: the receipt and your order&apos;s link go to{' '}
              {/* An email is one long word: it breaks anywhere rather than widen the page on a phone. */}
              <strong className="break-all">{guest.email}</strong>.{' '}
              <Link to="/checkout?details=1" className="font-semibold text-brand-dark underline">
                Change
              </Link>
            </p>
          )}
          <AddressChoice addresses={addresses} defaultAddress={choices.address} />
          <ShippingChoice rateOf={rateOf} defaultType={choices.shipping_type} />
          <CreditChoice available={quote.credit_available} defaultChecked={choices.use_credit} />
          <PaymentChoice codOffer={quote.cod_offer} defaultMethod={choices.payment_method} />
          <MessageChoice consent={consent} />
        </div>

        <OrderSummary
          lines={lines}
          quote={quote}
          shippingType={choices.shipping_type}
          cod={choices.payment_method === 'COD' && quote.cod_offer !== null}
          hasAddress={address !== null}
          code={{ typed, error: codeError }}
          notice={actionData?.notice}
          placing={placing}
          repricing={repricing}
        />
      </Form>
    </div>
  );
}
