import {
  ContactFields,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  RETURN_WISHES,
  RETURN_WISH_LABELS,
  type Order,
  type User,
} from '@shop/contract';
import { Form, Link } from 'react-router';
import { EmailField, FieldError, SubmitButton, TextAreaField, TextField } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { useSubmitting } from '~/lib/pending';
import { buttonClass } from '~/components/ui/button';
import { CheckIcon } from '~/components/ui/form-icons';

/** What the contact action answers once the message is sent: the thank-you panel's words. */
export interface ContactSent {
  sent: { name: string; message: string };
}

interface ContactFormProps {
  /** The signed-in shopper, to fill in name, email and phone. */
  user: User | null;
  /** A return request for this order (docs/product.md#returns: `order_id`). */
  orderId?: number;
  /** The message to start from (the return-request template). */
  initialMessage?: string;
  /** The order of a return request, when it may come back: its pieces to choose from. */
  returnable?: Order | null;
  /** What each of its lines may be exchanged for, by line id. */
  swaps?: Record<number, SwapOption[]>;
  answer?: FormAnswer | ContactSent;
}

/** The contact form (docs/product.md#contact, docs/product.md#validation): posts to the contact page's action. */
/** A size or colour a returned piece may be exchanged for. */
export interface SwapOption {
  id: number;
  label: string;
  inStock: boolean;
}

export function ContactForm({ user, orderId, initialMessage = '', returnable, swaps = {}, answer }: ContactFormProps) {
  const form = answer && 'sent' in answer ? undefined : answer;
  const { errors, formProps } = useFormCheck(ContactFields, form?.fieldErrors);
  const pending = useSubmitting();

  if (answer && 'sent' in answer) return <ThankYou {...answer.sent} orderId={orderId} />;
  const start = (name: 'name' | 'email' | 'phone' | 'message', saved?: string) => form?.values?.[name] ?? saved ?? '';

  return (
    <Form method="post" className="space-y-5" {...formProps}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={start('name', user?.name)}
          error={errors.name}
        />
        <EmailField name="email" defaultValue={start('email', user?.email)} error={errors.email} />
      </div>
      <TextField
        label="Phone number"
        name="phone"
        optional
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint="10 digits, without +91 or spaces."
        defaultValue={start('phone', user?.phone)}
        error={errors.phone}
        className="sm:max-w-[calc(50%-0.625rem)]"
      />
      {orderId && returnable && (
        <ReturnChoices order={returnable} guest={user?.guest ?? false} swaps={swaps} answer={form} />
      )}
      <TextAreaField
        label={orderId && returnable ? 'Anything else we should know' : 'Message'}
        name="message"
        rows={orderId ? (returnable ? 5 : 9) : 6}
        maxLength={4000}
        placeholder={orderId ? undefined : 'How can we help? A question about sizes, an order, a custom piece...'}
        defaultValue={start('message', initialMessage)}
        error={errors.message}
      />
      <Notice notice={form?.notice} />
      <SubmitButton pending={pending} pendingLabel="Sending..." className="w-full sm:w-auto">
        {orderId ? 'Send return request' : 'Send message'}
      </SubmitButton>
    </Form>
  );
}

function ThankYou({ name, message, orderId }: ContactSent['sent'] & { orderId?: number }) {
  return (
    <div role="status" className="flex flex-col items-center px-2 py-8 text-center">
      <Notice notice={{ kind: 'success', text: message }} inline={false} />
      <span className="flex size-16 items-center justify-center rounded-full bg-sage-soft text-sage">
        <CheckIcon size={8} />
      </span>
      <h2 className="mt-5 text-2xl text-ink">Thank you{name ? `, ${name.split(' ')[0]}` : ''}!</h2>
      <p className="mt-3 max-w-sm text-muted">{message}</p>
      {orderId ? (
        <p className="mt-3 max-w-sm text-sm text-muted">
          We will reply by email with the next steps for order #{orderId}. Please send photos of the item in your reply.
        </p>
      ) : (
        <p className="mt-3 max-w-sm text-sm text-muted">We usually reply within one working day.</p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={orderId ? '/orders' : '/shop'} className={buttonClass.primary}>
          {orderId ? 'Back to My Orders' : 'Continue shopping'}
        </Link>
        <Link to={orderId ? `/contact-us?order=${orderId}` : '/contact'} className={buttonClass.secondary}>
          Send another message
        </Link>
      </div>
    </div>
  );
}

/**
 * A return request's choices (docs/product.md 'After the sale'): how many of each piece come back
 * (what is left of each: a piece is returned once), why, and what the shopper would like instead
 * (store credit only with an account). Plain fields: the form posts them without scripts.
 */
function ReturnChoices({
  order,
  guest,
  swaps,
  answer,
}: {
  order: Order;
  guest: boolean;
  swaps: Record<number, SwapOption[]>;
  answer?: FormAnswer;
}) {
  const errors = answer?.fieldErrors ?? {};
  const values = answer?.values ?? {};
  // Store credit and exchanges are an account's; an exchange needs another size or colour on sale.
  const exchangeable = !guest && order.order_details.some((l) => (swaps[l.id] ?? []).some((o) => o.inStock));
  const wishes = RETURN_WISHES.filter((w) => (w !== 'credit' || !guest) && (w !== 'exchange' || exchangeable));
  const legend = 'text-sm font-semibold text-ink';
  const error = (text: string | undefined, id: string) => (text ? <FieldError id={id}>{text}</FieldError> : null);
  return (
    <>
      {/* Tells the action this form offered the choices (an order that may come back). */}
      <input type="hidden" name="return_reason_offered" value="1" />
      <fieldset aria-describedby={errors.return_lines ? 'return-lines-error' : undefined}>
        <legend className={legend}>Pieces you are sending back</legend>
        <ul className="mt-2 divide-y divide-linen rounded-xl border border-linen">
          {order.order_details.map((l) => {
            const left = l.quantity - l.returned;
            return (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <label htmlFor={`qty_${l.id}`} className="min-w-0 text-sm text-ink">
                  <span className="block break-words font-semibold">{l.product_details.products.name}</span>
                  <span className="text-muted">
                    {l.size}, {l.color}
                    {left < l.quantity && ` · ${l.returned} already returned`}
                  </span>
                </label>
                {left > 0 ? (
                  <select
                    id={`qty_${l.id}`}
                    name={`qty_${l.id}`}
                    defaultValue={values[`qty_${l.id}`] ?? (order.order_details.length === 1 ? String(left) : '0')}
                    className="rounded-xl border border-linen bg-white px-3 py-2 text-ink"
                  >
                    {Array.from({ length: left + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                ) : (
                  <span className="text-sm text-muted">Returned</span>
                )}
                {left > 0 && exchangeable && (swaps[l.id] ?? []).length > 0 && (
                  <label className="w-full text-sm text-muted">
                    For an exchange, send instead
                    <select
                      name={`swap_${l.id}`}
                      defaultValue={values[`swap_${l.id}`] ?? ''}
                      className="mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink"
                    >
                      <option value="">Choose a size or colour</option>
                      {swaps[l.id]!.map((o) => (
                        <option key={o.id} value={o.id} disabled={!o.inStock}>
                          {o.label}
                          {o.inStock ? '' : ' (sold out)'}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
        {error(errors.return_lines, 'return-lines-error')}
      </fieldset>
      <fieldset aria-describedby={errors.return_reason ? 'return-reason-error' : undefined}>
        <legend className={legend}>Why is it coming back?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {RETURN_REASONS.map((r) => (
            <label key={r} className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                name="return_reason"
                value={r}
                defaultChecked={values.return_reason === r}
                className="mt-1"
              />
              {RETURN_REASON_LABELS[r]}
            </label>
          ))}
        </div>
        {error(errors.return_reason, 'return-reason-error')}
      </fieldset>
      <fieldset aria-describedby={errors.return_wish ? 'return-wish-error' : undefined}>
        <legend className={legend}>What would you like instead?</legend>
        <div className="mt-2 space-y-2">
          {wishes.map((w, i) => (
            <label key={w} className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                name="return_wish"
                value={w}
                defaultChecked={values.return_wish ? values.return_wish === w : i === 0}
                className="mt-1"
              />
              <span>
                {RETURN_WISH_LABELS[w]}
                {w === 'credit' && (
                  <span className="block text-muted">Added to your account as soon as we accept the return.</span>
                )}
                {w === 'exchange' && (
                  <span className="block text-muted">
                    Choose the size or colour above. A dearer one asks you to pay the difference; a cheaper one leaves
                    the rest in your store credit.
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
        {error(errors.return_wish, 'return-wish-error')}
      </fieldset>
    </>
  );
}
