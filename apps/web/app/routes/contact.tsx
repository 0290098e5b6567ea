import { ROUTES } from '@shop/contract/lite';
import { ContactFields, Id, formatRupees, type Order } from '@shop/contract';
import { Link, data, useLocation, useSearchParams } from 'react-router';
import { ContactDetails } from '~/components/content/contact-details';
import { ContactForm, type ContactSent, type SwapOption } from '~/components/forms/contact-form';
import { useAuth } from '~/lib/auth';
import { checkForm, textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import { sessionEnded, signOutCookie } from '~/lib/session.server';
import { SHOP_CONTACT, SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/contact';
import { buttonClass } from '~/components/ui/button';
import { call, mine } from '~/lib/call.server';
import { returnOfForm } from '~/lib/return-request';

/**
 * Both /contact and /contact-us (docs/product.md#screens) show this page; /contact is the one to index.
 * A return request (`?order=`) shows the order's pieces to choose from, when it is the buyer's and may come back.
 */
export async function loader(args: Route.LoaderArgs) {
  const orderId = returnOrderId(new URL(args.request.url).searchParams);
  const order = orderId ? await mine(args, ROUTES['orders.get'], { params: { id: orderId } }) : null;
  const returnable = order?.data.can_return ? order.data : null;
  return {
    url: canonical(args.request.url, '/contact'),
    returnable,
    swaps: returnable ? await swapsOf(args, returnable) : {},
  };
}

/**
 * What each line of a returnable order may be exchanged for (docs/product.md 'Exchanges'): the
 * other sizes and colours of its product, from the catalogue, by line id. A piece no longer sold has none.
 */
async function swapsOf(args: Route.LoaderArgs, order: Order): Promise<Record<number, SwapOption[]>> {
  const found = await Promise.all(
    order.order_details.map(async (l): Promise<[number, SwapOption[]]> => {
      const variant = l.product_details.product_variants;
      const product = await call(args, ROUTES['catalog.product'], { params: { slug: variant.slug } });
      if (!product.ok) return [l.id, []];
      const options = product.data.other_variants
        .filter((o) => o.id !== variant.id)
        .map((o) => ({
          id: o.id,
          label: `${o.size.name}, ${o.color.name} · ${formatRupees(o.selling_price)}`,
          inStock: o.is_available_in_stock,
        }));
      return [l.id, options];
    }),
  );
  return Object.fromEntries(found);
}

/** The order of a return request: `?order=<id>` (the Return Order button of My Orders). */
function returnOrderId(search: URLSearchParams): number | undefined {
  const raw = search.get('order')?.trim() ?? '';
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Id.safeParse(Number(raw)); // the contract's range (positive, 32-bit)
  return id.success ? id.data : undefined;
}

/**
 * Sends the enquiry or return request (docs/product.md#messages: a 400 in the server's words,
 * anything else 'Error Adding Contact !'); the page then thanks the sender.
 */
const CONTACT_FAILED = 'Error Adding Contact !';

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const values = Object.fromEntries(
    [
      ...['name', 'email', 'phone', 'message'],
      ...[...form.keys()].filter((k) => /^(qty_\d+|swap_\d+|return_\w+)$/.test(k)),
    ].map((n) => [n, textField(form, n)]),
  );
  const checked = checkForm(ContactFields, form);
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const { name, email, phone, message } = checked.data;
  const orderId = returnOrderId(new URL(args.request.url).searchParams);
  // The pieces, the reason and the wish, when the form offered them (an order that may come back).
  const asked = orderId && form.has('return_reason_offered') ? returnOfForm(form) : null;
  if (asked && !asked.ok) return formAnswer({ fieldErrors: asked.errors, values });
  const body = {
    name,
    email,
    message,
    ...(phone ? { phone } : {}),
    ...(orderId ? { order_id: orderId } : {}),
    ...(asked?.ok ? asked.fields : {}),
  };
  let res = await call(args, ROUTES['contact.send'], { body });
  const headers = new Headers();
  if (res.status === 401) {
    // A return request needs the session that ended; a general enquiry goes without it.
    if (orderId) return sessionEnded(args);
    headers.append('set-cookie', signOutCookie(args));
    res = await call(args, ROUTES['contact.send'], { body }, { anonymous: true });
  }
  if (!res.ok) {
    // docs/product.md#messages: a 400 shows the server's reasons (a rate limit its sentence); anything else one sentence.
    const text =
      res.status === 400 ? res.errors.join(' · ') || res.message : res.status === 429 ? res.message : CONTACT_FAILED;
    return formAnswer({ notice: { kind: 'error', text }, values }, res.status);
  }
  const sent: ContactSent = { sent: { name, message: res.data.message } };
  return data(sent, { headers });
}

export const meta: Route.MetaFunction = ({ data, location }) => {
  const orderId = returnOrderId(new URLSearchParams(location.search));
  return [
    ...seoMeta({
      title: orderId ? `Return request for order #${orderId}` : 'Contact us',
      description: `Questions about sizes, an order or a custom piece? Write to ${SHOP_NAME} or call us, ${SHOP_CONTACT.hours}.`,
      url: data?.url ?? '/contact',
    }),
    ...(orderId ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

/**
 * The return request's letter: with the pieces, reason and wish chosen above it (an order that may
 * come back), only a greeting and room for the details; else the letter asks for them itself.
 */
const returnTemplate = (orderId: number, choices: boolean) =>
  choices
    ? [`Hello ${SHOP_NAME} team,`, '', `I would like to return an item from order #${orderId}.`, '', 'Thank you!'].join(
        '\n',
      )
    : [
        `Hello ${SHOP_NAME} team,`,
        '',
        `I would like to return an item from order #${orderId}.`,
        '',
        'Item(s) and size: ',
        'What is wrong (damaged, defective, wrong item or size): ',
        'I would prefer (an exchange or a refund): ',
        '',
        'Thank you!',
      ].join('\n');

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const location = useLocation();
  const { status, user } = useAuth();
  const orderId = returnOrderId(search);

  return (
    <div className="container-shop py-10 sm:py-16">
      <header className="max-w-2xl">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">
          {orderId ? 'Returns' : 'Contact us'}
        </p>
        {orderId ? (
          <>
            <h1 className="mt-2 text-4xl leading-tight text-balance text-ink sm:text-5xl">
              Return request for order #{orderId}
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              Sorry something is not right. Tell us what happened: damaged, defective or wrong items must be reported
              within 24 hours of delivery. We will reply by email, and you can send us photos of the item there. Return
              shipping is paid by the buyer; read the{' '}
              <Link
                to="/cancellation-and-refunds"
                className="font-semibold text-brand-dark underline decoration-brand/30 underline-offset-4"
              >
                Cancellation &amp; Refunds policy
              </Link>{' '}
              for the details.
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-2 text-4xl leading-tight text-balance text-ink sm:text-5xl">
              We would love to hear from you
            </h1>
            <p className="mt-4 text-lg leading-relaxed text-muted">
              A question about sizes, an order on its way or a custom piece for a special day? Send us a message and we
              will reply within one working day.
            </p>
          </>
        )}
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-12">
        <section
          aria-label={orderId ? 'Return request form' : 'Contact form'}
          className="rounded-2xl border border-linen bg-white p-6 shadow-sm sm:p-8"
        >
          {orderId && status === 'anonymous' ? (
            <LoginFirst to={`${location.pathname}${location.search}`} />
          ) : (
            <ContactForm
              // A new form for another order (or none), so the template and the order id match.
              key={orderId ?? 'general'}
              user={user}
              orderId={orderId}
              returnable={loaderData.returnable}
              swaps={loaderData.swaps}
              initialMessage={orderId ? returnTemplate(orderId, loaderData.returnable !== null) : undefined}
              answer={actionData}
            />
          )}
        </section>
        <ContactDetails />
      </div>
    </div>
  );
}

function LoginFirst({ to }: { to: string }) {
  return (
    <div className="flex flex-col items-center px-2 py-10 text-center">
      <h2 className="text-2xl text-ink">Please log in first</h2>
      <p className="mt-3 max-w-sm text-muted">
        A return request is linked to your order, so we need to know it is you. Log in and we will bring you straight
        back here.
      </p>
      <Link to={`/login?redirectTo=${encodeURIComponent(to)}`} className={`${buttonClass.large} mt-6`}>
        Log in
      </Link>
      <p className="mt-4 text-sm text-muted">
        Just have a question?{' '}
        <Link to="/contact" className="font-semibold text-brand-dark underline underline-offset-4">
          Send a general message
        </Link>
      </p>
    </div>
  );
}
