import { ROUTES } from '@shop/contract/lite';
import { MESSAGES } from '@shop/contract';
import { Form, Link } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { SubmitButton } from '~/components/forms/fields';
import { buttonClass } from '~/components/ui/button';
import { call } from '~/lib/call.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/unsubscribe';

export const meta = () => [{ title: 'Unsubscribe | Little Loom' }, { name: 'robots', content: 'noindex' }];

/**
 * A marketing mail's unsubscribe link (docs/product.md 'Messages to shoppers'):
 * the page asks for one press, so a mail scanner opening the link unsubscribes
 * no one; the press withdraws the consent to reminders and news by email at
 * once, for the account the link is signed for. No sign-in needed; a changed
 * link changes nothing.
 */
export async function action(args: Route.ActionArgs) {
  const user = Number(args.params.user);
  const res = await call(
    args,
    ROUTES['messages.unsubscribe'],
    { params: { user: Number.isInteger(user) && user > 0 ? user : 0, token: args.params.token } },
    { anonymous: true },
  );
  if (res.ok) return { done: true, text: res.data.message };
  return { done: false, text: res.status === 429 ? res.message : MESSAGES.unsubscribeLinkInvalid };
}

export default function UnsubscribePage({ actionData }: Route.ComponentProps) {
  const pending = useSubmitting();
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Unsubscribe" />
      <section className="space-y-4 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        {actionData ? (
          <p role={actionData.done ? 'status' : 'alert'} className="font-semibold text-ink">
            {actionData.text}
          </p>
        ) : (
          <>
            <p>Stop the cart reminders and back-in-stock news we send you by email.</p>
            <p className="text-sm text-muted">
              Receipts and the news of your orders still come by email: you need them for what you bought.
            </p>
            <Form method="post">
              <SubmitButton pending={pending} pendingLabel="Unsubscribing..." className="w-full">
                Unsubscribe from reminders by email
              </SubmitButton>
            </Form>
          </>
        )}
        <p className="text-sm text-muted">
          You can choose again, channel by channel, in{' '}
          <Link to="/my-profile/messages" className="underline">
            My Profile, Messages and reminders
          </Link>
          .
        </p>
      </section>
      <div className="mt-6">
        <Link to="/" className={buttonClass.secondary}>
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
