import { ROUTES } from '@shop/contract/lite';
import {
  MARKETING_CHANNELS,
  MARKETING_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_CHANNEL_LABELS,
  type MarketingChannel,
  type MessageChannel,
  type MessageConsent,
} from '@shop/contract';
import { ConsentForm } from '~/components/account/consent-choice';
import { PageHeading } from '~/components/account/page-heading';
import { Notice } from '~/components/ui/notice';
import { read, call } from '~/lib/call.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { failed } from '~/lib/form.server';
import { here, requireUser } from '~/lib/session.server';
import type { Route } from './+types/order-messages';

export const meta = () => [{ title: 'Messages and reminders | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { consent: await read(args, ROUTES['accounts.messageConsent']) };
}

/** Email is always offered for marketing; WhatsApp and SMS only when the shop has set them up. */
const offeredFor = (consent: MessageConsent) => ({
  orders: MESSAGE_CHANNELS.filter((c) => consent.available[c]),
  marketing: MARKETING_CHANNELS.filter((c) => c === 'email' || consent.available[c]),
});

/**
 * The shopper's choices (docs/product.md 'Messages to shoppers'), one form per
 * purpose: a ticked box agrees, an unticked one withdraws. The other purpose
 * keeps what it was, and so does a channel the shop has not set up.
 */
export async function action(args: Route.ActionArgs) {
  await requireUser(args);
  const form = await args.request.formData();
  const current = await read(args, ROUTES['accounts.messageConsent']);
  const offered = offeredFor(current);
  const ticked = (name: string) => form.get(name) === 'on';
  const orders = (channel: MessageChannel) =>
    form.get('intent') === 'orders' && offered.orders.includes(channel) ? ticked(channel) : current.orders[channel];
  const marketing = (channel: MarketingChannel) =>
    offered.marketing.includes(channel) ? ticked(`marketing_${channel}`) : current.marketing[channel];
  const res = await call(args, ROUTES['accounts.updateMessageConsent'], {
    body: {
      whatsapp: orders('whatsapp'),
      sms: orders('sms'),
      ...(form.get('intent') === 'marketing'
        ? { marketing: { email: marketing('email'), whatsapp: marketing('whatsapp'), sms: marketing('sms') } }
        : {}),
    },
  });
  if (!res.ok) return failed(res);
  return redirectWithFlash(args, here(args), { kind: 'success', text: res.data.message }, { replace: true });
}

export default function OrderMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consent } = loaderData;
  const offered = offeredFor(consent);
  const stateOf = (channel: MarketingChannel, purpose: 'orders' | 'marketing') =>
    consent.states.find((s) => s.channel === channel && s.purpose === purpose);
  return (
    <div className="container-shop max-w-xl space-y-6 py-10">
      <PageHeading title="Messages and reminders" back={{ to: '/my-profile', label: 'My Profile' }} />
      <Notice notice={actionData?.notice} />
      <section aria-labelledby="order-messages" className="space-y-4 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="order-messages" className="font-display text-xl text-ink">
          Order messages
        </h2>
        <p>
          We always email your receipts and the news of your orders. You may also have the news of your orders on
          WhatsApp or by SMS: paid, shipped with its tracking link, delivered, money back, and the code of a
          cash-on-delivery order.
        </p>
        <p className="text-sm text-muted">
          They go to the phone number you give at checkout for each order, and that number is used for that order’s
          messages only. Untick a box, or reply STOP to any message, and they stop at once.
        </p>
        {offered.orders.length === 0 ? (
          <p className="rounded-2xl bg-sand p-4 text-sm">The shop does not send WhatsApp or SMS messages yet.</p>
        ) : (
          <ConsentForm
            label="Order messages"
            intent="orders"
            legend="Send me order messages on"
            choices={offered.orders.map((channel) => ({
              name: channel,
              label: MESSAGE_CHANNEL_LABELS[channel],
              checked: consent.orders[channel],
              state: stateOf(channel, 'orders'),
            }))}
          />
        )}
      </section>

      <section aria-labelledby="reminders" className="space-y-4 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="reminders" className="font-display text-xl text-ink">
          Reminders and back-in-stock news
        </h2>
        <p>
          If you like, we remind you of pieces left in your cart (at most twice: after an hour, then after a day) and
          tell you when a piece you wanted is back in stock. Nothing is sent unless you tick a box here; agreeing to
          order messages does not count.
        </p>
        <p className="text-sm text-muted">
          Every email has a one-click unsubscribe link, and replying STOP to a WhatsApp or SMS message stops them at
          once. WhatsApp and SMS go to the mobile number in your profile.
        </p>
        <ConsentForm
          label="Reminders and news"
          intent="marketing"
          legend="Send me reminders and news by"
          choices={offered.marketing.map((channel) => ({
            name: `marketing_${channel}`,
            label: MARKETING_CHANNEL_LABELS[channel],
            checked: consent.marketing[channel],
            state: stateOf(channel, 'marketing'),
          }))}
        />
      </section>
    </div>
  );
}
