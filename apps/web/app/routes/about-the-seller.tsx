import { Link, useRouteLoaderData } from 'react-router';
import { PolicyPage, PolicySection } from '~/components/content/policy-page';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { RootData } from '~/root';
import type { Route } from './+types/about-the-seller';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'About the Seller',
    description: `Who sells on ${SHOP_NAME}: the seller's legal name, address, GSTIN and contact, and our grievance officer.`,
    url: data?.url ?? '/about-the-seller',
  });

const SECTIONS = [
  { id: 'seller', title: 'The seller' },
  { id: 'grievances', title: 'Grievance officer' },
  { id: 'origin', title: 'Where our pieces are made' },
];

/** What the Consumer Protection (E-Commerce) Rules 2020 ask a seller to show, from the shop's settings. */
export default function AboutTheSellerPage() {
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return null;
  const { seller, grievance_officer: officer } = root.shop;
  return (
    <PolicyPage
      path="/about-the-seller"
      title="About the Seller"
      intro={<p>Every piece on {SHOP_NAME} is sold by one seller: us. Here is who we are and how to reach us.</p>}
      sections={SECTIONS}
      highlights={[
        { label: 'Seller', value: seller.legal_name },
        { label: 'GSTIN', value: seller.gstin },
        { label: 'Grievances', value: 'Acknowledged within 48 hours' },
        { label: 'Origin', value: 'Made in India' },
      ]}
    >
      <PolicySection id="seller" title="The seller">
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-ink">Legal name</dt>
          <dd>{seller.legal_name}</dd>
          <dt className="font-semibold text-ink">Registered address</dt>
          <dd>{seller.address}</dd>
          <dt className="font-semibold text-ink">GSTIN</dt>
          <dd>{seller.gstin}</dd>
          <dt className="font-semibold text-ink">Email</dt>
          <dd>
            <a href={`mailto:${seller.email}`}>{seller.email}</a>
          </dd>
          <dt className="font-semibold text-ink">Phone</dt>
          <dd>
            <a href={`tel:${seller.phone.replace(/\s+/g, '')}`}>{seller.phone}</a>
          </dd>
        </dl>
      </PolicySection>

      <PolicySection id="grievances" title="Grievance officer">
        <p>
          If something has gone wrong with an order, a payment, a return or your data and our team has not put it right,
          write to our grievance officer:
        </p>
        <p>
          <strong>{officer.name}</strong>
          <br />
          <a href={`mailto:${officer.email}`}>{officer.email}</a>
          <br />
          <a href={`tel:${officer.phone.replace(/\s+/g, '')}`}>{officer.phone}</a>
        </p>
        <p>
          We acknowledge every complaint within 48 hours and resolve it within one month of receiving it. Please give
          your order number if the complaint is about an order. You can also use our{' '}
          <Link to="/contact">contact form</Link>.
        </p>
      </PolicySection>

      <PolicySection id="origin" title="Where our pieces are made">
        <p>
          Every piece is handmade in India by artisans we work with directly; each product page names its country of
          origin. Prices include GST. Our <Link to="/cancellation-and-refunds">return, refund and exchange</Link>,{' '}
          <Link to="/shipping-policy">delivery</Link> and <Link to="/terms-and-conditions">payment</Link> terms apply to
          every order.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
