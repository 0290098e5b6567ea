import { GuestDetailsBody, formatRupees, type Address, type Quote } from '@shop/contract';
import { Form, Link } from 'react-router';
import { AddressFields } from '~/components/forms/address-fields';
import { TextField } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { addressFormValues, guestDetailsForm } from '~/lib/addresses';
import { useSubmitting } from '~/lib/pending';

/**
 * The checkout's first step for a buyer without an account (docs/product.md
 * 'Buying as a guest'): log in, and the cart comes along; or go on as a guest
 * with an email, a mobile and the delivery address. A form of its own that
 * posts without scripts.
 */
export function GuestDetails({
  answer,
  start: saved,
  itemCount,
  quote,
}: {
  answer: FormAnswer | undefined;
  start: { email: string; address: Address | null };
  itemCount: number;
  quote: Quote;
}) {
  const { errors: e, formProps } = useFormCheck(GuestDetailsBody, answer?.fieldErrors, guestDetailsForm);
  const saving = useSubmitting('guest_details');
  // What was typed (the form came back), else the details given before (Change), else India.
  const given: Record<string, string> = {
    country: 'India',
    ...(saved.address ? addressFormValues(saved.address) : {}),
    email: saved.email,
  };
  const start = (name: string) => answer?.values?.[name] ?? given[name] ?? '';
  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_24rem]">
      <div className="space-y-8">
        <section aria-labelledby="have-account" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="have-account" className="font-display text-2xl">
            Have an account?
          </h2>
          <p className="mt-2 text-muted">Log in and your cart comes with you.</p>
          <Link to="/login?redirectTo=%2Fcheckout" className={`${buttonClass.secondary} mt-4`}>
            Log in
          </Link>
        </section>

        <section aria-labelledby="as-guest" className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <h2 id="as-guest" className="font-display text-2xl">
            Continue as guest
          </h2>
          <p className="mt-2 text-muted">
            No account needed. We send the receipt and a link to your order to your email.
          </p>
          <Form method="post" className="address-form mt-6 grid gap-5 sm:grid-cols-2" {...formProps}>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={start('email')}
              error={e.email}
              className="sm:col-span-2"
            />
            <AddressFields
              start={start}
              errors={e}
              phone={{
                label: 'Mobile number',
                hint: 'In India: 10 digits starting with 6, 7, 8 or 9, for the courier',
              }}
            />
            <Notice notice={answer?.notice} className="sm:col-span-2" />
            <button
              type="submit"
              name="intent"
              value="guest_details"
              className={`${buttonClass.primary} sm:col-span-2`}
              disabled={saving}
            >
              {saving ? 'Saving...' : 'Continue'}
            </button>
          </Form>
        </section>
      </div>

      <aside
        className="h-fit rounded-3xl bg-white p-6 shadow-sm max-lg:order-first lg:sticky lg:top-24"
        aria-labelledby="bag-heading"
      >
        <h2 id="bag-heading" className="font-display text-2xl">
          Your bag
        </h2>
        <p className="mt-3 text-muted">
          {itemCount === 1 ? '1 piece' : `${itemCount} pieces`}, {formatRupees(quote.total)} with standard shipping in
          India.
        </p>
        <Link to="/cart" className="mt-3 inline-block text-sm font-semibold text-brand-dark underline">
          Change the cart
        </Link>
      </aside>
    </div>
  );
}
