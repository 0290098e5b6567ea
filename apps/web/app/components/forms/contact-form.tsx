import { zodResolver } from '@hookform/resolvers/zod';
import { ContactBody, type User } from '@shop/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { allServerErrors, isStatus } from '~/components/forms/errors';
import { SubmitButton, TextAreaField, TextField } from '~/components/forms/fields';
import { api } from '~/lib/api';
import { toast } from '~/lib/toast';

/** Spec §8: any failure other than a 400 (or a rate limit, in the server's words). */
export const CONTACT_FAILED = 'Error Adding Contact !';

interface ContactFormProps {
  /** The signed-in shopper, to fill in name, email and phone. */
  user: User | null;
  /** A return request for this order (decisions §3: `order_id`). */
  orderId?: number;
  /** The message to start from (the return-request template). */
  initialMessage?: string;
}

export function ContactForm({ user, orderId, initialMessage = '' }: ContactFormProps) {
  const [sentBy, setSentBy] = useState<{ name: string; message: string } | null>(null);
  const blank: { name: string; email: string; phone?: string; message: string } = {
    name: '',
    email: '',
    phone: '',
    message: initialMessage,
  };
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ContactBody), defaultValues: blank });

  // The shopper's own details, once the session is known; never over what they typed.
  useEffect(() => {
    if (!user) return;
    if (!getValues('name') && user.name) setValue('name', user.name);
    if (!getValues('email') && user.email) setValue('email', user.email);
    if (!getValues('phone') && user.phone) setValue('phone', user.phone);
  }, [user, getValues, setValue]);

  const onSubmit = handleSubmit(async ({ name, email, phone, message }) => {
    const body = { name, email, message, ...(phone ? { phone } : {}), ...(orderId ? { order_id: orderId } : {}) };
    const send = (auth?: boolean) => api<{ message: string }>('/contacts', { method: 'POST', body, auth });
    try {
      let answer: { message: string };
      try {
        answer = await send();
      } catch (err) {
        // An expired session (the shopper is signed out by the 401): a general enquiry needs none.
        if (isStatus(err, 401) && !orderId) answer = await send(false);
        else throw err;
      }
      toast.success(answer.message);
      setSentBy({ name, message: answer.message });
    } catch (err) {
      if (isStatus(err, 400)) toast.error(allServerErrors(err));
      else if (isStatus(err, 429)) toast.error(err.firstError);
      else if (!isStatus(err, 401)) toast.error(CONTACT_FAILED); // a 401 already said 'Logged out'
    }
  });

  if (sentBy) {
    return (
      <div role="status" className="flex flex-col items-center px-2 py-8 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-sage-soft text-sage">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-8"
          >
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </span>
        <h2 className="mt-5 text-2xl text-ink">Thank you{sentBy.name ? `, ${sentBy.name.split(' ')[0]}` : ''}!</h2>
        <p className="mt-3 max-w-sm text-muted">{sentBy.message}</p>
        {orderId ? (
          <p className="mt-3 max-w-sm text-sm text-muted">
            We will reply by email with the next steps for order #{orderId}. Please send photos of the item in your
            reply.
          </p>
        ) : (
          <p className="mt-3 max-w-sm text-sm text-muted">We usually reply within one working day.</p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {orderId ? (
            <Link
              to="/orders"
              className="rounded-full bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
            >
              Back to My Orders
            </Link>
          ) : (
            <Link
              to="/shop"
              className="rounded-full bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
            >
              Continue shopping
            </Link>
          )}
          <button
            type="button"
            onClick={() => {
              reset({ ...blank, name: user?.name ?? '', email: user?.email ?? '', phone: user?.phone ?? '' });
              setSentBy(null);
            }}
            className="rounded-full border border-brand px-6 py-3 font-semibold text-brand-dark hover:bg-brand-soft"
          >
            Send another message
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
      </div>
      <TextField
        label="Phone number"
        optional
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        hint="10 digits, without +91 or spaces."
        error={errors.phone?.message}
        className="sm:max-w-[calc(50%-0.625rem)]"
        {...register('phone')}
      />
      <TextAreaField
        label="Message"
        rows={orderId ? 9 : 6}
        maxLength={4000}
        placeholder={orderId ? undefined : 'How can we help? A question about sizes, an order, a custom piece...'}
        error={errors.message?.message}
        {...register('message')}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Sending..." className="w-full sm:w-auto">
        {orderId ? 'Send return request' : 'Send message'}
      </SubmitButton>
    </form>
  );
}
