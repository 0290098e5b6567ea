import { useFetcher } from 'react-router';
import { EmailField } from '~/components/forms/fields';
import type { FormAnswer } from '~/lib/flash';
import { useHydrated } from '~/lib/use-hydrated';

/** Which form of the product page answered: its answer is drawn beside it, not by the buy box. */
export const BACK_IN_STOCK_FORM = 'back-in-stock';

/**
 * 'Tell me when it's back' on a sold-out size (docs/product.md 'Back in
 * stock'): a form that posts to the product page's action, with or without
 * scripts. Signed in, one button for the account's email; otherwise an email
 * field. The answer stays on the page, in words: what will happen, or why not.
 */
export function BackInStockForm({
  variantId,
  piece,
  email,
  answer,
}: {
  variantId: number;
  /** The size as the shopper reads it: 'Ikat romper (2-3Y, Indigo)'. */
  piece: string;
  /**
   * The signed-in shopper's email; null for anyone else (a guest types theirs). Named once the
   * scripts run: the page may be one kept for many signed-in shoppers.
   */
  email: string | null;
  /** The page's action's answer to this form, sent without scripts. */
  answer?: FormAnswer;
}) {
  const fetcher = useFetcher<FormAnswer>();
  const shown = fetcher.data ?? answer;
  const sending = fetcher.state !== 'idle';
  const done = shown?.notice?.kind === 'success';
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="back-in-stock-title" className="rounded-2xl bg-white p-5 ring-1 ring-linen/70">
      <h2 id="back-in-stock-title" className="text-lg font-bold text-ink">
        Tell me when it&apos;s back
      </h2>
      {done ? (
        <p role="status" className="mt-2 rounded-xl bg-sage-soft px-4 py-3 text-sm font-semibold text-ink">
          {shown.notice!.text}
        </p>
      ) : (
        <fetcher.Form method="post" preventScrollReset noValidate className="mt-2 grid gap-3">
          <input type="hidden" name="intent" value="back-in-stock" />
          <input type="hidden" name="product_variant_id" value={variantId} />
          {email !== null ? (
            <p className="text-sm text-muted">
              We&apos;ll email{' '}
              {hydrated && email ? (
                <strong className="break-all text-ink">{email}</strong>
              ) : (
                'the address on your account'
              )}{' '}
              once when {piece} is back in stock.
            </p>
          ) : (
            <>
              <p className="text-sm text-muted">
                Leave your email and we&apos;ll write once when {piece} is back in stock. Nothing else.
              </p>
              <EmailField
                label="Your email"
                name="email"
                required
                defaultValue={shown?.values?.email ?? ''}
                error={shown?.fieldErrors?.email}
              />
            </>
          )}
          {shown?.notice && !shown.fieldErrors?.email && (
            <p role="alert" className="rounded-xl border border-brand/40 bg-brand-soft px-4 py-3 text-sm font-semibold">
              {shown.notice.text}
            </p>
          )}
          <button
            type="submit"
            disabled={sending}
            className="inline-flex h-12 w-full items-center justify-center rounded-full border-2 border-ink bg-white px-6 font-bold text-ink transition hover:bg-sand disabled:opacity-60"
          >
            {sending ? 'Sending...' : "Tell me when it's back"}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
