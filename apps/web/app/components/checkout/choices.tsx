import {
  MESSAGE_CHANNELS,
  formatRupees,
  type Address,
  type MessageConsent,
  type PaymentMethod,
  type Quote,
  type ShippingType,
} from '@shop/contract';
import { Link } from 'react-router';
import { ChoiceCard } from '~/components/account/choice-card';
import { buttonClass } from '~/components/ui/button';
import { addressLine } from '~/lib/addresses';

export const SHIPPING_LABELS: Record<ShippingType, { name: string; note: string }> = {
  standard: { name: 'Standard', note: 'Delivered 3-5 days after dispatch in India, 5-8 business days abroad' },
  express: { name: 'Express', note: 'Priority courier once your order is dispatched' },
};

/** What the cash-on-delivery choice says: its terms while the owner offers it, else that it is not available. */
const codNote = (offer: Quote['cod_offer']) =>
  offer
    ? `Pay in cash at the door · fee ${formatRupees(offer.fee)} · orders of ${formatRupees(offer.min_order)} to ${formatRupees(offer.max_order)} in India`
    : 'Not available right now';

/** The shopper's saved addresses as radios (the last saved is chosen), and a way to add one. */
export function AddressChoice({ addresses, defaultAddress }: { addresses: Address[]; defaultAddress: number | null }) {
  return (
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
  );
}

/** Standard or express, each with its rate for the chosen address's zone (none before an address). */
export function ShippingChoice({
  rateOf,
  defaultType,
}: {
  rateOf: (type: ShippingType) => number | undefined;
  defaultType: ShippingType;
}) {
  return (
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
              defaultChecked={type === defaultType}
              title={`${SHIPPING_LABELS[type].name} ${amount === undefined ? '' : `· ${formatRupees(amount)}`}`}
              note={SHIPPING_LABELS[type].note}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * Store credit (docs/product.md 'Store credit'), offered while the account has some: spent first,
 * the rest paid online or at the door. A checkbox, so the form carries it with scripts or without.
 */
export function CreditChoice({ available, defaultChecked }: { available: number; defaultChecked: boolean }) {
  if (available <= 0) return null;
  return (
    <fieldset>
      <legend className="font-display text-2xl">Store credit</legend>
      <label className="mt-4 flex cursor-pointer gap-3 rounded-2xl border-2 border-transparent bg-white p-4 has-[:checked]:border-brand">
        <input
          type="checkbox"
          name="use_credit"
          value="1"
          className="mt-1 size-4 accent-brand"
          defaultChecked={defaultChecked}
        />
        <span className="text-sm">
          <span className="block font-semibold">Use my store credit</span>
          <span className="text-muted">
            {formatRupees(available)} available · spent first, the rest paid as you choose below
          </span>
        </span>
      </label>
    </fieldset>
  );
}

/**
 * Order messages besides email, on each channel the owner configured
 * (docs/product.md 'Messages to shoppers'): ticked as the buyer chose before;
 * placing the order records what is ticked, for this order and later ones.
 */
export function MessageChoice({ consent }: { consent: MessageConsent | null }) {
  const channels = MESSAGE_CHANNELS.filter((c) => consent?.available[c]);
  if (!consent || channels.length === 0) return null;
  return (
    <fieldset>
      <legend className="font-display text-2xl">Order updates</legend>
      <p className="mt-2 text-sm text-muted">
        The receipt and every change come by email. Also, to the delivery address&apos;s mobile, for your orders&apos;
        news only:
      </p>
      <input type="hidden" name="order_messages" value="1" />
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {channels.map((channel) => (
          <label
            key={channel}
            className="flex cursor-pointer gap-3 rounded-2xl border-2 border-transparent bg-white p-4 has-[:checked]:border-brand"
          >
            <input
              type="checkbox"
              name={`messages_${channel}`}
              value="1"
              className="mt-1 size-4 accent-brand"
              defaultChecked={consent.orders[channel]}
            />
            <span className="text-sm font-semibold">{channel === 'whatsapp' ? 'On WhatsApp' : 'By SMS'}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Online payment, or cash on delivery: with its fee and range while the owner
 * offers it, else shown and refused (the page says why when it is chosen).
 */
export function PaymentChoice({
  codOffer,
  defaultMethod,
}: {
  codOffer: Quote['cod_offer'];
  defaultMethod: PaymentMethod;
}) {
  const methods = [
    ['ONLINE', 'Credit/Debit Card & UPI', 'Pay securely with Razorpay'],
    ['COD', 'Cash on Delivery', codNote(codOffer)],
  ] as const;
  return (
    <fieldset>
      <legend className="font-display text-2xl">Payment method</legend>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {methods.map(([value, label, note]) => (
          <ChoiceCard
            key={value}
            name="payment_method"
            value={value}
            defaultChecked={value === (codOffer ? defaultMethod : 'ONLINE')}
            title={label}
            note={note}
          />
        ))}
      </div>
    </fieldset>
  );
}
