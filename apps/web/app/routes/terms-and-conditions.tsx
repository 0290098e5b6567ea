import { Link } from 'react-router';
import { PolicyPage, PolicySection } from '~/components/content/policy-page';
import { SHOP_CONTACT, SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/terms-and-conditions';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Terms & Conditions',
    description: `The terms of shopping at ${SHOP_NAME}: accounts, handmade products, prices with GST, payments by card and UPI, shipping, returns and how we use your data.`,
    url: data?.url ?? '/terms-and-conditions',
  });

const SECTIONS = [
  { id: 'about', title: 'About these terms' },
  { id: 'account', title: 'Your account' },
  { id: 'products', title: 'Handmade products and sizes' },
  { id: 'prices', title: 'Prices and taxes' },
  { id: 'orders-and-payment', title: 'Orders and payment' },
  { id: 'shipping-and-returns', title: 'Shipping, cancellation and returns' },
  { id: 'privacy', title: 'Privacy: how we use your data' },
  { id: 'content', title: 'Our designs and photographs' },
  { id: 'liability', title: 'Liability' },
  { id: 'law', title: 'Governing law' },
  { id: 'changes', title: 'Changes and contact' },
];

export default function TermsPage() {
  return (
    <PolicyPage
      path="/terms-and-conditions"
      title="Terms & Conditions"
      intro={
        <p>
          The plain-language terms for shopping with {SHOP_NAME}. Please read them before you place an order; placing
          one means you accept them.
        </p>
      }
      sections={SECTIONS}
    >
      <PolicySection id="about" title="About these terms">
        <p>
          This website is run by {SHOP_NAME}, {SHOP_CONTACT.address}. &ldquo;We&rdquo; and &ldquo;us&rdquo; mean{' '}
          {SHOP_NAME}; &ldquo;you&rdquo; means anyone who visits the site or buys from it. These terms apply together
          with our <Link to="/shipping-policy">Shipping Policy</Link> and our{' '}
          <Link to="/cancellation-and-refunds">Cancellation &amp; Refunds</Link> policy.
        </p>
      </PolicySection>

      <PolicySection id="account" title="Your account">
        <ul>
          <li>You need an account to keep a cart and wishlist, save addresses and place orders.</li>
          <li>
            Please give a correct email address and keep your password to yourself. You are responsible for what is done
            with your account; if you think someone else has used it, change your password and tell us.
          </li>
          <li>
            If you forget your password, we email you a one-time code to choose a new one. Choosing a new password logs
            your account out on every device.
          </li>
          <li>We may suspend an account that is used to abuse the shop, its payments or other shoppers.</li>
        </ul>
      </PolicySection>

      <PolicySection id="products" title="Handmade products and sizes">
        <p>
          Our clothes and accessories are made by hand by artisans in Jaipur: block printed, smocked, embroidered and
          stitched in small batches. Small differences in colour, print and stitching between pieces, and from the
          photographs, are part of their nature and not defects. Screens also show colours a little differently.
        </p>
        <p>
          Sizes run from 0-3 months to 10-11 years. Children grow at their own pace, so if you are between two sizes we
          suggest the larger one, and we are happy to help you choose.
        </p>
      </PolicySection>

      <PolicySection id="prices" title="Prices and taxes">
        <ul>
          <li>Prices are in Indian rupees (₹) and include GST.</li>
          <li>
            Shipping is added at checkout, by destination and speed, and shown before you pay (see our{' '}
            <Link to="/shipping-policy#rates">shipping rates</Link>).
          </li>
          <li>
            Your invoice shows the GST included in each item. Prices can change over time; your order is charged at the
            prices shown when you placed it.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="orders-and-payment" title="Orders and payment">
        <ul>
          <li>
            You pay online by <strong>credit or debit card or UPI</strong>, through Razorpay&rsquo;s secure checkout.
            Cash on delivery is not available.
          </li>
          <li>
            Card and UPI details are entered on Razorpay&rsquo;s checkout and handled by Razorpay; we never see or store
            them.
          </li>
          <li>
            Your order is confirmed once the payment has been verified. If a payment fails, you can try again from{' '}
            <Link to="/orders">My Orders</Link> while the order is awaiting payment; an order left unpaid is cancelled
            automatically after a while.
          </li>
          <li>
            Placing an order reserves its pieces for you. If we cannot make or send an order, we cancel it and refund
            the full amount paid.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="shipping-and-returns" title="Shipping, cancellation and returns">
        <p>
          Orders are made for you and dispatched within 14-21 days; delivery then takes 3-5 days in India and 5-8
          business days elsewhere. You can cancel an order while it is awaiting payment or being packed, with a full
          refund of a paid order. Damaged, defective or wrong items must be reported within 24 hours of delivery.
          Refunds go back to the original payment method within 10-15 business days. International orders are
          non-exchangeable and non-refundable once dispatched. The details are in our{' '}
          <Link to="/shipping-policy">Shipping Policy</Link> and{' '}
          <Link to="/cancellation-and-refunds">Cancellation &amp; Refunds</Link> policy.
        </p>
      </PolicySection>

      <PolicySection id="privacy" title="Privacy: how we use your data">
        <p>
          Your personal data is used to support your experience throughout this website, to manage access to your
          account, and for the purposes below. We collect only what we need:
        </p>
        <ul>
          <li>
            <strong>Your account:</strong> your name, email address, phone number and password (stored only as a secure
            hash, never in readable form).
          </li>
          <li>
            <strong>Your orders:</strong> delivery addresses, what you ordered and the payment reference, to make, ship
            and invoice your order and handle returns and refunds.
          </li>
          <li>
            <strong>Your messages:</strong> what you send through the contact page, to answer you.
          </li>
          <li>
            <strong>Visits:</strong> the pages viewed, to understand what shoppers look for and improve the shop.
          </li>
        </ul>
        <p>
          We share data only with those who help us serve you: Razorpay for payments, our courier partners for delivery
          and our email provider for messages such as your password reset code. We never sell your data.
        </p>
        <p>
          When you log in, your browser keeps your session in a secure cookie so you stay signed in; logging out ends
          it. Our <Link to="/privacy-policy">Privacy Policy</Link> says in full what we keep, for how long, and how to
          see, download or delete your data.
        </p>
      </PolicySection>

      <PolicySection id="content" title="Our designs and photographs">
        <p>
          The designs, prints, photographs and texts on this site belong to {SHOP_NAME} and our artisans. Please do not
          copy or reuse them without our written permission.
        </p>
      </PolicySection>

      <PolicySection id="liability" title="Liability">
        <p>
          We take care to describe our products accurately and to keep the site working, but we cannot promise it will
          always be available or free of errors. To the extent the law allows, our liability for an order is limited to
          the amount you paid for it. Nothing in these terms limits your rights as a consumer under Indian law.
        </p>
        <p>
          Our clothes are made for children; please keep small parts such as buttons, tassels and bells away from babies
          and supervise little ones while they wear accessories.
        </p>
      </PolicySection>

      <PolicySection id="law" title="Governing law">
        <p>
          These terms are governed by the laws of India, and the courts of Jaipur, Rajasthan, have jurisdiction over any
          dispute about them.
        </p>
      </PolicySection>

      <PolicySection id="changes" title="Changes and contact">
        <p>
          We may update these terms from time to time; the date at the top of this page shows the latest version, and an
          order is governed by the terms in force when it was placed.
        </p>
        <p>
          Questions? Email <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a>, call{' '}
          {SHOP_CONTACT.phones[0]} ({SHOP_CONTACT.hours}), or use our <Link to="/contact">contact page</Link>.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
