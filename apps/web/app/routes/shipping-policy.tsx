import { ROUTES } from '@shop/contract/lite';
import { formatRupees, type ShippingRate, type ShippingType, type ShippingZone } from '@shop/contract';
import { Link } from 'react-router';
import { PolicyPage, PolicySection, type Highlight } from '~/components/content/policy-page';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/shipping-policy';
import { read } from '~/lib/call.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  let rates: ShippingRate[] | null;
  try {
    rates = (await read({ context, request }, ROUTES['shipping.rates'])).data;
  } catch {
    rates = null; // the page still reads well without the table
  }
  return { url: canonical(request.url), rates };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Shipping Policy',
    description: `How ${SHOP_NAME} ships handmade kidswear: dispatch in 14-21 days, delivery in 3-5 days in India and 5-8 business days abroad, and what shipping costs.`,
    url: data?.url ?? '/shipping-policy',
  });

const SECTIONS = [
  { id: 'made-to-order', title: 'Made to order' },
  { id: 'delivery-times', title: 'Delivery times' },
  { id: 'rates', title: 'Shipping rates' },
  { id: 'tracking', title: 'Tracking your parcel' },
  { id: 'international', title: 'International orders' },
  { id: 'address', title: 'Your delivery address' },
  { id: 'damaged', title: 'Damaged in transit' },
];

const ZONES: { zone: ShippingZone; label: string }[] = [
  { zone: 'domestic', label: 'Within India' },
  { zone: 'international', label: 'Rest of the world' },
];
const TYPES: { type: ShippingType; label: string }[] = [
  { type: 'standard', label: 'Standard' },
  { type: 'express', label: 'Express' },
];

export default function ShippingPolicyPage({ loaderData }: Route.ComponentProps) {
  const { rates } = loaderData;
  const rate = (zone: ShippingZone, type: ShippingType) =>
    rates?.find((r) => r.zone === zone && r.shipping_type === type)?.amount;
  const cheapest = rates?.length ? Math.min(...rates.map((r) => r.amount)) : null;

  const highlights: Highlight[] = [
    { label: 'Dispatch', value: '14-21 days' },
    { label: 'Delivery in India', value: '3-5 days' },
    { label: 'International', value: '5-8 business days' },
    cheapest === null
      ? { label: 'Ships from', value: 'Jaipur' }
      : { label: 'Shipping from', value: formatRupees(cheapest) },
  ];

  return (
    <PolicyPage
      path="/shipping-policy"
      title="Shipping Policy"
      intro={
        <p>
          Every {SHOP_NAME} piece is made by hand in Jaipur after you order it. Here is how long that takes, how we send
          it to you and what shipping costs.
        </p>
      }
      sections={SECTIONS}
      highlights={highlights}
    >
      <PolicySection id="made-to-order" title="Made to order">
        <p>
          We do not keep shelves of ready stock. Your order goes to our artisans, who cut, print, embroider and finish
          each piece by hand, in small batches. That is why we <strong>dispatch within 14-21 days</strong> of your order
          being paid.
        </p>
        <p>
          If a piece ever needs longer (a fabric dyed again to match, a busy festive season), we will write to you
          before the 21 days are up.
        </p>
      </PolicySection>

      <PolicySection id="delivery-times" title="Delivery times">
        <p>Once your parcel leaves our studio, our courier partners usually deliver it:</p>
        <ul>
          <li>
            <strong>Within India:</strong> in 3-5 days after dispatch.
          </li>
          <li>
            <strong>Everywhere else:</strong> in 5-8 business days after dispatch.
          </li>
        </ul>
        <p>
          Remote pin codes, public holidays, weather and customs checks can add a few days. Delivery times start from
          dispatch, so please allow for the making time as well when you order for a birthday or a festival.
        </p>
      </PolicySection>

      <PolicySection id="rates" title="Shipping rates">
        <p>
          Shipping is charged once per order, however many pieces it holds. The checkout shows the rate for the address
          and the speed you choose before you pay.
        </p>
        {rates && rates.length > 0 ? (
          <div className="mt-6 overflow-hidden rounded-2xl border border-linen bg-white">
            <table className="w-full text-left text-base">
              <caption className="sr-only">Shipping rates per order</caption>
              <thead className="bg-sand/70 text-sm text-muted">
                <tr>
                  <th scope="col" className="px-5 py-3 font-semibold">
                    Destination
                  </th>
                  {TYPES.map((t) => (
                    <th key={t.type} scope="col" className="px-5 py-3 text-right font-semibold">
                      {t.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-linen">
                {ZONES.map((z) => (
                  <tr key={z.zone}>
                    <th scope="row" className="px-5 py-4 font-semibold text-ink">
                      {z.label}
                    </th>
                    {TYPES.map((t) => {
                      const amount = rate(z.zone, t.type);
                      return (
                        <td key={t.type} className="px-5 py-4 text-right text-ink tabular-nums">
                          {amount === undefined ? '—' : formatRupees(amount)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>
            Rates depend on the destination (India or abroad) and the speed (Standard or Express); your checkout shows
            the exact amount.
          </p>
        )}
        <p>
          Express sends your parcel with a faster courier service once it is ready; it does not shorten the time we need
          to make it. All our prices include GST.
        </p>
      </PolicySection>

      <PolicySection id="tracking" title="Tracking your parcel">
        <p>
          When your order is on its way its status changes to <strong>Shipped</strong>, and a{' '}
          <strong>Track Order</strong> link appears in the order&rsquo;s details under{' '}
          <Link to="/orders">My Orders</Link>. Your invoice can be downloaded from the same page.
        </p>
      </PolicySection>

      <PolicySection id="international" title="International orders">
        <p>
          We ship to families all over the world. Import duties and taxes charged by the destination country, if any,
          are paid by the recipient when the parcel arrives.
        </p>
        <p>
          International orders cannot be exchanged or refunded once dispatched, so please check sizes carefully, and
          write to us if you are unsure. See our <Link to="/cancellation-and-refunds">Cancellation &amp; Refunds</Link>{' '}
          policy.
        </p>
      </PolicySection>

      <PolicySection id="address" title="Your delivery address">
        <p>
          Please check your address, pin code and phone number before you pay: couriers call before delivering. If you
          spot a mistake, <Link to="/contact">contact us</Link> straight away and we will do our best to correct it
          before the order ships.
        </p>
      </PolicySection>

      <PolicySection id="damaged" title="Damaged in transit">
        <p>
          If your parcel arrives damaged, or something inside is not what you ordered, tell us{' '}
          <strong>within 24 hours of delivery</strong> through the <Link to="/contact">contact page</Link> (or the
          Return Order button in My Orders), with photos of the parcel and the item. We will put it right.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
