import { ContactBody, type User } from '@shop/contract';
import { Form, Link } from 'react-router';
import { EmailField, SubmitButton, TextAreaField, TextField } from '~/components/forms/fields';
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
  answer?: FormAnswer | ContactSent;
}

/** The contact form (docs/product.md#contact, docs/product.md#validation): posts to the contact page's action. */
export function ContactForm({ user, orderId, initialMessage = '', answer }: ContactFormProps) {
  const form = answer && 'sent' in answer ? undefined : answer;
  const { errors, formProps } = useFormCheck(ContactBody, form?.fieldErrors);
  const pending = useSubmitting();

  if (answer && 'sent' in answer) return <ThankYou {...answer.sent} orderId={orderId} />;
  const start = (name: 'name' | 'email' | 'phone' | 'message', saved?: string) => form?.values?.[name] ?? saved ?? '';

  return (
    <Form method="post" className="space-y-5" {...formProps}>
      {/* The order travels in the page's address (?order=N), which the action reads: a field of it would be
          text, which the contract's order_id (a number) refuses, with no field to say so. */}
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
      <TextAreaField
        label="Message"
        name="message"
        rows={orderId ? 9 : 6}
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
