import { COD_UNAVAILABLE, cartSubtotal, formatRupees, zoneOfCountry, type ShippingType } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { ChoiceCard } from '~/components/account/choice-card';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { ShopImage } from '~/components/ui/shop-image';
import { Notice } from '~/components/ui/notice';
import { addressLine } from '~/lib/addresses';
import { loadCheckout, placeOrder } from '~/lib/checkout.server';
import { useSubmitting } from '~/lib/pending';
import { toast } from '~/lib/toast';
import type { Route } from './+types/checkout';

export const meta = () => [{ title: 'Checkout | Little Loom' }, { name: 'robots', content: 'noindex' }];

export const loader = (args: Route.LoaderArgs) => loadCheckout(args);
export const action = (args: Route.ActionArgs) => placeOrder(args);

const SHIPPING_LABELS: Record<ShippingType, { name: string; note: string }> = {
  standard: { name: 'Standard', note: 'Delivered 3-5 days after dispatch in India, 5-8 business days abroad' },
  express: { name: 'Express', note: 'Priority courier once your order is dispatched' },
};

const PAYMENT_METHODS = [
  ['ONLINE', 'Credit/Debit Card & UPI', 'Pay securely with Razorpay'],
  ['COD', 'Cash on Delivery', 'Not available right now'],
] as const;

/** What the checkout form says now: the radios keep their own state (chosen before the scripts ran, too). */
function readChoices(form: HTMLFormElement) {
  const fields = new FormData(form);
  return {
    addressId: Number(fields.get('address')) || null,
    shippingType: fields.get('shipping_type') === 'express' ? ('express' as const) : ('standard' as const),
  };
}

/**
 * Checkout (docs/product.md#screens): one form, so Order Now works before the scripts run;
 * with them, the shipping and total follow the address and type as they change.
 */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, addresses, rates, idempotencyKey } = loaderData;
  const defaultAddress = addresses.at(-1)?.id ?? null;
  const form = useRef<HTMLFormElement>(null);
  const [{ addressId, shippingType }, setChoices] = useState<{ addressId: number | null; shippingType: ShippingType }>({
    addressId: defaultAddress,
    shippingType: 'standard',
  });
  const placing = useSubmitting();
  // What was chosen before the scripts ran counts.
  useEffect(() => {
    if (form.current) setChoices(readChoices(form.current));
  }, []);

  const onChange = (e: React.ChangeEvent<HTMLFormElement>) => {
    const target = e.target as unknown as HTMLInputElement;
    if (target.name === 'payment_method' && target.value === 'COD') {
      // docs/product.md#validation: only online payment works; choosing cash on delivery says so, and online stays chosen.
      toast.error(COD_UNAVAILABLE);
      e.currentTarget.querySelector<HTMLInputElement>('input[name="payment_method"][value="ONLINE"]')!.checked = true;
    }
    setChoices(readChoices(e.currentTarget));
  };

  if (lines.length === 0) {
    return (
      <div className="container-shop py-24 text-center">
        <h1 className="text-3xl">Your Cart is Empty</h1>
        <Link to="/shop" className={`${buttonClass.primary} mt-6`}>
          Continue shopping
        </Link>
      </div>
    );
  }

  const address = addresses.find((a) => a.id === addressId) ?? null;
  const rateOf = (type: ShippingType) =>
    address
      ? rates.find((r) => r.zone === zoneOfCountry(address.country) && r.shipping_type === type)?.amount
      : undefined;
  const rate = rateOf(shippingType);
  const subtotal = cartSubtotal(lines);

  return (
    <div className="container-shop py-10">
      <PageHeading title="Checkout" back={{ to: '/cart', label: 'Back to cart' }} />
      <Form ref={form} method="post" onChange={onChange} className="grid gap-10 lg:grid-cols-[1fr_24rem]">
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <div className="space-y-10">
          <fieldset>
            <legend className="font-display text-2xl">Delivery address</legend>
            {addresses.length === 0 && <p className="mt-3 text-muted">You have no saved address yet.</p>}
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {addresses.map((a) => (
                <ChoiceCard
                  key={a.id}
                  name="address"
                  value={a.id}
                  defaultChecked={a.id === defaultAddress}
                  title={addressLine(a)}
                  note={`Phone ${a.phone}`}
                />
              ))}
            </div>
            <Link to="/address/add?redirectTo=/checkout" className={`${buttonClass.secondary} mt-4`}>
              Add New Address
            </Link>
          </fieldset>

          <fieldset>
            <legend className="font-display text-2xl">Shipping</legend>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {(['standard', 'express'] as const).map((type) => {
                const amount = rateOf(type);
                return (
                  <ChoiceCard
                    key={type}
                    name="shipping_type"
                    value={type}
                    defaultChecked={type === 'standard'}
                    title={`${SHIPPING_LABELS[type].name} ${amount === undefined ? '' : `· ${formatRupees(amount)}`}`}
                    note={SHIPPING_LABELS[type].note}
                  />
                );
              })}
            </div>
          </fieldset>

          <fieldset>
            <legend className="font-display text-2xl">Payment method</legend>
            <div className="mt-4 grid gap-3 sm:grid-cols-2">
              {PAYMENT_METHODS.map(([value, label, note]) => (
                <ChoiceCard
                  key={value}
                  name="payment_method"
                  value={value}
                  defaultChecked={value === 'ONLINE'}
                  title={label}
                  note={note}
                />
              ))}
            </div>
          </fieldset>
        </div>

        <aside
          className="h-fit rounded-3xl bg-white p-6 shadow-sm lg:sticky lg:top-24"
          aria-labelledby="checkout-summary"
        >
          <h2 id="checkout-summary" className="text-xl">
            Order summary
          </h2>
          <ul className="mt-4 divide-y divide-linen">
            {lines.map((l) => (
              <li key={l.id} className="flex gap-3 py-3 text-sm">
                <ShopImage
                  src={l.product.product_variants.image1}
                  alt=""
                  width={800}
                  height={1000}
                  sizes="56px"
                  widths={[160]}
                  className="aspect-[4/5] w-14 rounded-lg object-cover"
                />
                <span className="flex-1">
                  <span className="block font-semibold">{l.product.products.name}</span>
                  <span className="text-muted">
                    {l.product.product_variants.size} · {l.product.colors.name} · × {l.quantity}
                  </span>
                </span>
                <span className="font-semibold">
                  {formatRupees(l.quantity * l.product.product_variants.selling_price)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-linen pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatRupees(subtotal)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping ({SHIPPING_LABELS[shippingType].name})</dt>
              <dd>{rate === undefined ? 'Select an address' : formatRupees(rate)}</dd>
            </div>
            <div className="flex justify-between border-t border-linen pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd>{formatRupees(subtotal + (rate ?? 0))}</dd>
            </div>
          </dl>
          <Notice notice={actionData?.notice} className="mt-4" />
          <button type="submit" className={`${buttonClass.primary} mt-6 w-full`} disabled={placing}>
            {placing ? 'Placing your order...' : 'Order Now'}
          </button>
          <p className="mt-3 text-center text-xs text-muted">Prices include GST. You pay on the next step.</p>
          {/* Consumer Protection (E-Commerce) Rules 2020: the terms, before paying. */}
          <p className="mt-3 text-center text-xs text-muted">
            By placing the order you agree to our{' '}
            <Link to="/cancellation-and-refunds" className="font-semibold text-brand-dark underline">
              return, refund and exchange policy
            </Link>
            ,{' '}
            <Link to="/shipping-policy" className="font-semibold text-brand-dark underline">
              delivery terms
            </Link>{' '}
            and{' '}
            <Link to="/terms-and-conditions#orders-and-payment" className="font-semibold text-brand-dark underline">
              payment terms
            </Link>
            .
          </p>
        </aside>
      </Form>
    </div>
  );
}
