import { COD_UNAVAILABLE, cartSubtotal, zoneOfCountry, type ShippingType } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { AddressChoice, PaymentChoice, ShippingChoice } from '~/components/checkout/choices';
import { OrderSummary } from '~/components/checkout/order-summary';
import { buttonClass } from '~/components/ui/button';
import { loadCheckout, placeOrder } from '~/lib/checkout.server';
import { useSubmitting } from '~/lib/pending';
import { toast } from '~/lib/toast';
import type { Route } from './+types/checkout';

export const meta = () => [{ title: 'Checkout | Little Loom' }, { name: 'robots', content: 'noindex' }];

export const loader = (args: Route.LoaderArgs) => loadCheckout(args);
export const action = (args: Route.ActionArgs) => placeOrder(args);

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
          <AddressChoice addresses={addresses} defaultAddress={defaultAddress} />
          <ShippingChoice rateOf={rateOf} />
          <PaymentChoice />
        </div>

        <OrderSummary
          lines={lines}
          subtotal={subtotal}
          shippingType={shippingType}
          rate={rate}
          notice={actionData?.notice}
          placing={placing}
        />
      </Form>
    </div>
  );
}
