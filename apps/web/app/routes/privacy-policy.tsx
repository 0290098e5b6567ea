import { Link, useRouteLoaderData } from 'react-router';
import { PolicyPage, PolicySection } from '~/components/content/policy-page';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { RootData } from '~/root';
import type { Route } from './+types/privacy-policy';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Privacy Policy',
    description: `What ${SHOP_NAME} keeps about you, why, for how long, and your rights under India's Digital Personal Data Protection Act 2023.`,
    url: data?.url ?? '/privacy-policy',
  });

const SECTIONS = [
  { id: 'who', title: 'Who we are' },
  { id: 'what', title: 'What we collect and why' },
  { id: 'sharing', title: 'Who else sees it' },
  { id: 'how-long', title: 'How long we keep it' },
  { id: 'cookies', title: 'Cookies and analytics' },
  { id: 'rights', title: 'Your rights' },
  { id: 'grievances', title: 'Questions and complaints' },
];

/**
 * The shop's privacy policy (docs/product.md, 'Compliance'): the periods come
 * from the retention settings, the contacts from the seller's.
 */
export default function PrivacyPolicyPage() {
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return null;
  const { seller, grievance_officer: officer, retention_days: days, payment_window_minutes } = root.shop;
  return (
    <PolicyPage
      path="/privacy-policy"
      title="Privacy Policy"
      intro={
        <p>
          We collect only what we need to make, send and invoice your order, and to keep your account. We never sell it.
          This page says what we keep, why, for how long, and how you see, download or delete it.
        </p>
      }
      sections={SECTIONS}
      highlights={[
        { label: 'Sold to others', value: 'Never' },
        { label: 'Your data', value: 'Download any time' },
        { label: 'Delete account', value: 'Yourself, in My Profile' },
        { label: 'Complaints', value: 'Answered within 48 hours' },
      ]}
    >
      <PolicySection id="who" title="Who we are">
        <p>
          {SHOP_NAME} is run by {seller.legal_name}, {seller.address} (GSTIN {seller.gstin}). We decide how your
          personal data is used: under India&rsquo;s Digital Personal Data Protection Act 2023 we are its &ldquo;data
          fiduciary&rdquo;. Write to us at <a href={`mailto:${seller.email}`}>{seller.email}</a>.
        </p>
      </PolicySection>

      <PolicySection id="what" title="What we collect and why">
        <ul>
          <li>
            <strong>Your account</strong>: name, email address, phone number (optional) and password, kept only as a
            one-way hash. To sign you in, and to write to you about your orders.
          </li>
          <li>
            <strong>Your addresses</strong>: the recipient&rsquo;s name, address and phone. To deliver your parcels; the
            courier needs the phone number.
          </li>
          <li>
            <strong>Your orders</strong>: what you bought, the delivery details, the amounts and the payment reference
            Razorpay gives us (never your card or UPI details, which we do not see). To make, ship and invoice your
            order, and for returns and refunds.
          </li>
          <li>
            <strong>Your cart and wishlist</strong>: so they are there when you come back.
          </li>
          <li>
            <strong>Your messages</strong>: what you send through the contact page, to answer you.
          </li>
          <li>
            <strong>Page views</strong>: which page was seen, from which page, with which browser, and your account if
            you are signed in. To see what shoppers look for and improve the shop.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="sharing" title="Who else sees it">
        <p>
          Only those who help us serve you, each for that purpose alone: Razorpay (payments), our courier partners (your
          delivery name, address and phone), our email provider (the mails we send you) and, only if you accept
          analytics, Google Analytics (see below). The law may oblige us to show records to tax or other authorities.
        </p>
      </PolicySection>

      <PolicySection id="how-long" title="How long we keep it">
        <ul>
          <li>
            <strong>Orders, payments, refunds and tax invoices</strong>: for as long as tax law requires (GST records:
            72 months after the year&rsquo;s annual return), even if you delete your account.
          </li>
          <li>
            <strong>Your account, addresses, cart and wishlist</strong>: until you delete your account.
          </li>
          <li>
            <strong>Sessions and one-time codes</strong>: removed {days.expired_sessions} days after they expire or are
            used. An unpaid order is held for {payment_window_minutes} minutes, then cancelled.
          </li>
          <li>
            <strong>Page views</strong>: {days.page_views} days. <strong>Mails we sent you</strong>: {days.sent_mails}{' '}
            days. <strong>Payment notices from Razorpay</strong>: {days.webhook_events} days.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="cookies" title="Cookies and analytics">
        <p>
          We set a cookie that keeps you signed in, a short-lived one that carries a message to the next page, and one
          that remembers your answer about analytics. None of them is used for advertising. When we use Google
          Analytics, it runs only after you accept it in the banner at the bottom of the page; our own page-view count
          needs no cookie.
        </p>
      </PolicySection>

      <PolicySection id="rights" title="Your rights">
        <p>The Digital Personal Data Protection Act 2023 gives you these rights; most you can use yourself:</p>
        <ul>
          <li>
            <strong>To see your data</strong>: <Link to="/my-profile/data">download a copy</Link> (a JSON file of your
            profile, addresses, orders and messages).
          </li>
          <li>
            <strong>To correct it</strong>: in <Link to="/my-profile">My Profile</Link> (name, phone,{' '}
            <Link to="/my-profile/email">email</Link>) and <Link to="/addresses">Addresses</Link>.
          </li>
          <li>
            <strong>To erase it</strong>: <Link to="/my-profile/delete">delete your account</Link>. Your name, email,
            phone, addresses, cart, wishlist and messages go at once; orders and invoices stay as the law requires.
          </li>
          <li>
            <strong>To withdraw consent</strong> to analytics: clear the choice in your browser and decline in the
            banner.
          </li>
          <li>
            <strong>To complain</strong>: to our grievance officer (below) and, if you are not satisfied, to the Data
            Protection Board of India.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="grievances" title="Questions and complaints">
        <p>
          Our grievance officer is <strong>{officer.name}</strong>:{' '}
          <a href={`mailto:${officer.email}`}>{officer.email}</a>,{' '}
          <a href={`tel:${officer.phone.replace(/\s+/g, '')}`}>{officer.phone}</a>. We acknowledge every complaint
          within 48 hours and resolve it within one month.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
