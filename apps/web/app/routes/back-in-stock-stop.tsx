import { ROUTES } from '@shop/contract/lite';
import { Form, Link } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { call } from '~/lib/call.server';
import { SHOP_NAME } from '~/lib/config';
import { textField } from '~/lib/form';
import { apiErrorText } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/back-in-stock-stop';

/**
 * The way out of a back-in-stock mail (docs/product.md 'Back in stock'): the
 * link's token names the email; one click stops every open request of it.
 * A plain form: no script needed. Opening the link changes nothing (a mail
 * scanner that follows links stops nobody's requests).
 */
export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get('token') ?? '';
  const res = await call(args, ROUTES['backInStock.stopInfo'], { query: { token } }, { anonymous: true });
  return res.ok
    ? { token, email: res.data.data.email, open: res.data.data.open, error: null }
    : { token, email: null, open: 0, error: apiErrorText(res) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const res = await call(
    args,
    ROUTES['backInStock.stop'],
    { body: { token: textField(form, 'token') } },
    { anonymous: true },
  );
  return res.ok ? { done: res.data.message, error: null } : { done: null, error: apiErrorText(res) };
}

export const meta = () => [{ title: `Back-in-stock emails | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

export default function BackInStockStop({ loaderData, actionData }: Route.ComponentProps) {
  const stopping = useSubmitting();
  const error = actionData?.error ?? loaderData.error;
  const done = actionData?.done ?? null;
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Back-in-stock emails" />
      <div className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        {done ? (
          <p role="status" className="rounded-2xl bg-sage-soft px-4 py-3 font-semibold text-ink">
            {done}
          </p>
        ) : error ? (
          <p role="alert" className="rounded-2xl border border-brand/40 bg-brand-soft px-4 py-3 font-semibold text-ink">
            {error}
          </p>
        ) : loaderData.open > 0 ? (
          <Form method="post" className="grid gap-5">
            <p className="text-ink">
              {loaderData.open === 1
                ? 'One size is still waiting to tell'
                : `${loaderData.open} sizes are still waiting to tell`}{' '}
              <strong className="break-all">{loaderData.email}</strong>{' '}
              {loaderData.open === 1
                ? 'when it is back in stock. Stop it?'
                : 'when they are back in stock. Stop them all?'}
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className={buttonClass.primary} disabled={stopping}>
              {stopping ? 'Stopping...' : 'Stop my back-in-stock emails'}
            </button>
          </Form>
        ) : (
          <p role="status" className="text-ink">
            Nothing is waiting for {loaderData.email}: we will not write about sizes coming back.
          </p>
        )}
        <Link to="/shop" className="font-semibold text-brand-dark underline underline-offset-4">
          Back to the shop
        </Link>
      </div>
    </div>
  );
}
