import { ROUTES } from '@shop/contract/lite';
import {
  MESSAGE_CHANNELS,
  MESSAGE_CHANNEL_LABELS,
  formatIndianDate,
  type ConsentState,
  type MessageChannel,
} from '@shop/contract';
import { Form } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { CheckboxField, SubmitButton } from '~/components/forms/fields';
import { Notice } from '~/components/ui/notice';
import { read, call } from '~/lib/call.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { failed } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { here, requireUser } from '~/lib/session.server';
import type { Route } from './+types/order-messages';

export const meta = () => [{ title: 'Order messages | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return { consent: await read(args, ROUTES['accounts.messageConsent']) };
}

/**
 * The shopper's choice (docs/product.md 'Messages to shoppers'): a ticked box agrees, an
 * unticked one withdraws. A channel the shop has not set up is not offered
 * and keeps what was chosen before.
 */
export async function action(args: Route.ActionArgs) {
  await requireUser(args);
  const form = await args.request.formData();
  const current = await read(args, ROUTES['accounts.messageConsent']);
  const chosen = (channel: MessageChannel) =>
    current.available[channel] ? form.get(channel) === 'on' : current.orders[channel];
  const res = await call(args, ROUTES['accounts.updateMessageConsent'], {
    body: { whatsapp: chosen('whatsapp'), sms: chosen('sms') },
  });
  if (!res.ok) return failed(res);
  return redirectWithFlash(args, here(args), { kind: 'success', text: res.data.message }, { replace: true });
}

const SOURCES: Record<NonNullable<ConsentState['source']>, string> = {
  account: 'in your account',
  checkout: 'at checkout',
  whatsapp_stop: 'you replied STOP on WhatsApp',
  sms_stop: 'you replied STOP by SMS',
};

/** When and how the choice in force was made. */
function since(state: ConsentState | undefined): string {
  if (!state?.at || !state.source) return 'Off: you have not chosen it.';
  const day = formatIndianDate(new Date(state.at));
  return `${state.granted ? 'On' : 'Off'} since ${day} (${SOURCES[state.source]}).`;
}

export default function OrderMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consent } = loaderData;
  const pending = useSubmitting();
  const offered = MESSAGE_CHANNELS.filter((c) => consent.available[c]);
  const stateOf = (channel: MessageChannel) =>
    consent.states.find((s) => s.channel === channel && s.purpose === 'orders');
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Order messages" back={{ to: '/my-profile', label: 'My Profile' }} />
      <section className="space-y-4 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <p>
          We always email your receipts and the news of your orders. You may also have the news of your orders on
          WhatsApp or by SMS: paid, shipped with its tracking link, delivered, money back, and the code of a
          cash-on-delivery order.
        </p>
        <p className="text-sm text-muted">
          They go to the phone number you give at checkout for each order, and that number is used for that order’s
          messages only. Untick a box, or reply STOP to any message, and they stop at once.
        </p>
        {offered.length === 0 ? (
          <p className="rounded-2xl bg-sand p-4 text-sm">The shop does not send WhatsApp or SMS messages yet.</p>
        ) : (
          <Form method="post" className="space-y-5" key={JSON.stringify(consent.orders)}>
            <fieldset className="space-y-3">
              <legend className="mb-2 font-semibold">Send me order messages on</legend>
              {offered.map((channel) => (
                <div key={channel}>
                  <CheckboxField
                    name={channel}
                    label={MESSAGE_CHANNEL_LABELS[channel]}
                    defaultChecked={consent.orders[channel]}
                  />
                  <p className="ml-7 text-sm text-muted">{since(stateOf(channel))}</p>
                </div>
              ))}
            </fieldset>
            <Notice notice={actionData?.notice} />
            <SubmitButton pending={pending} pendingLabel="Saving..." className="w-full">
              Save my choice
            </SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}
