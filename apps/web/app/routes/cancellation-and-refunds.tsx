import { Link } from 'react-router';
import { PolicyPage, PolicySection } from '~/components/content/policy-page';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/cancellation-and-refunds';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Cancellation & Refunds',
    description: `How to cancel a ${SHOP_NAME} order, report a damaged or wrong item within 24 hours, and get a refund within 10-15 business days.`,
    url: data?.url ?? '/cancellation-and-refunds',
  });

const SECTIONS = [
  { id: 'cancelling', title: 'Cancelling an order' },
  { id: 'refunds', title: 'Refunds' },
  { id: 'damaged-or-wrong', title: 'Damaged, defective or wrong items' },
  { id: 'returns-and-exchanges', title: 'Returns and exchanges' },
  { id: 'how-to-return', title: 'How to ask for a return' },
  { id: 'international', title: 'International orders' },
];

export default function CancellationAndRefundsPage() {
  return (
    <PolicyPage
      path="/cancellation-and-refunds"
      title="Cancellation & Refunds"
      intro={
        <p>
          Changed your mind, or something is not right? Here is what you can do, and how quickly your money comes back.
        </p>
      }
      sections={SECTIONS}
      highlights={[
        { label: 'Cancel', value: 'Until packed' },
        { label: 'Report a problem', value: 'Within 24 hours' },
        { label: 'Refunds', value: '10-15 business days' },
        { label: 'Exchanges sent', value: 'Within a week' },
      ]}
    >
      <PolicySection id="cancelling" title="Cancelling an order">
        <p>
          You can cancel an order yourself from <Link to="/orders">My Orders</Link> with the{' '}
          <strong>Cancel Order</strong> button, while it is still:
        </p>
        <ul>
          <li>
            <strong>awaiting payment:</strong> the order is cancelled and nothing is charged;
          </li>
          <li>
            <strong>being packed</strong> (paid, not yet shipped): the order is cancelled and a{' '}
            <strong>full refund of the order total</strong>, shipping included, is started straight away.
          </li>
        </ul>
        <p>
          Once an order has been shipped it can no longer be cancelled; you can ask for a return instead (see below). An
          order that is never paid is cancelled automatically after a while, and its pieces go back on the shelf.
        </p>
        <p>
          If we ever have to cancel an order ourselves, for example because a fabric has run out, we will tell you and
          refund a paid order in full.
        </p>
      </PolicySection>

      <PolicySection id="refunds" title="Refunds">
        <p>
          Refunds reach you within <strong>10-15 business days</strong>, and only to the{' '}
          <strong>original payment method</strong>: the card or UPI account you paid with. We cannot refund to another
          account, in cash or as store credit.
        </p>
        <p>
          You can follow a refund in My Orders: the order&rsquo;s status shows the refund in progress, then refunded.
          Once the refund is sent, your bank may take a few more days to show it on your statement.
        </p>
      </PolicySection>

      <PolicySection id="damaged-or-wrong" title="Damaged, defective or wrong items">
        <p>
          We check every piece before it leaves the studio, but mistakes and mishaps happen. If an item arrives damaged,
          has a defect, or is not what you ordered, please tell us <strong>within 24 hours of delivery</strong>, with
          photos of the item (and of the label and parcel, if they help). We cannot accept reports made later than that.
        </p>
        <p>
          Because everything we make is printed, dyed and stitched by hand, small differences in colour, print placement
          and stitching from the photographs are part of each piece&rsquo;s character, not defects.
        </p>
      </PolicySection>

      <PolicySection id="returns-and-exchanges" title="Returns and exchanges">
        <ul>
          <li>
            <strong>The buyer pays the return shipping.</strong> Please send the parcel with a tracked service and keep
            the receipt.
          </li>
          <li>Returned items must be unused and unwashed, with their tags and original packaging.</li>
          <li>
            An exchange is <strong>dispatched within one week</strong> of the returned item reaching us.
          </li>
          <li>
            A refund we agree to is sent to your original payment method within 10-15 business days of the returned item
            reaching us.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="how-to-return" title="How to ask for a return">
        <ol>
          <li>
            Open <Link to="/orders">My Orders</Link> and press <strong>Return Order</strong> on the order (it shows for
            shipped and delivered orders). Or write to us through the <Link to="/contact">contact page</Link> with your
            order number.
          </li>
          <li>Tell us which item it is and what is wrong, and whether you would like an exchange or a refund.</li>
          <li>
            We reply by email within one working day with the return address. Send us your photos in reply to that
            email.
          </li>
          <li>Post the item back to us. As soon as it arrives we send your exchange or your refund.</li>
        </ol>
      </PolicySection>

      <PolicySection id="international" title="International orders">
        <p>
          Orders delivered outside India are <strong>non-exchangeable and non-refundable</strong> once they have been
          dispatched, because of the cost and time of shipping across borders. You can still cancel an international
          order from My Orders before it ships, with a full refund of a paid order.
        </p>
        <p>
          Not sure about a size? <Link to="/contact">Ask us before you order</Link>; we are glad to help.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
