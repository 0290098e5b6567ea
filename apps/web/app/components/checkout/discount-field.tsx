import { buttonClass } from '~/components/ui/button';
import { FieldError } from '~/components/forms/fields';
import { useSubmitting } from '~/lib/pending';

interface DiscountFieldProps {
  /** The code the summary is priced with, when one applies. */
  applied: string | null;
  /** What the field starts with: what was typed, or the code waiting (from a link) that does not apply. */
  typed: string;
  /** Why the code typed or waiting does not apply, in words. */
  error: string | undefined;
}

/**
 * The checkout's discount code (docs/product.md 'Discount codes'): Apply and
 * Remove are buttons of the checkout's one form, so they work before the
 * scripts run; the server prices the code before it is kept. Applied, the
 * code goes with Order Now as `applied_code`: the order is placed with the
 * code the summary shows.
 */
export function DiscountField({ applied, typed, error }: DiscountFieldProps) {
  const applying = useSubmitting('apply_code');
  const removing = useSubmitting('remove_code');
  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-2xl bg-sage-soft px-4 py-3 text-sm">
        <input type="hidden" name="applied_code" value={applied} />
        <p>
          Code <strong className="font-semibold tracking-wide">{applied}</strong> applied
        </p>
        <button
          type="submit"
          name="intent"
          value="remove_code"
          className={buttonClass.quiet}
          disabled={removing}
          aria-label={`Remove code ${applied}`}
        >
          {removing ? 'Removing...' : 'Remove'}
        </button>
      </div>
    );
  }
  return (
    <div className="mt-4">
      <label htmlFor="discount-code" className="block text-sm font-semibold">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        {/* No width of its own: the field fills the row, and never makes the summary wider than a phone. */}
        <input
          id="discount-code"
          name="discount_code"
          defaultValue={typed}
          key={typed}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-code-error' : undefined}
          className="w-0 min-w-0 flex-1 rounded-xl border border-linen bg-white px-3 py-2 text-base uppercase placeholder:normal-case"
          placeholder="e.g. DIWALI20"
        />
        <button
          type="submit"
          name="intent"
          value="apply_code"
          className={`${buttonClass.secondary} px-5 py-2`}
          disabled={applying}
        >
          {applying ? 'Applying...' : 'Apply'}
        </button>
      </div>
      {error && <FieldError id="discount-code-error">{error}</FieldError>}
    </div>
  );
}
