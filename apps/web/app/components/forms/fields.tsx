import { useId, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonClass } from '~/components/ui/button';

/** The look of every text input of the shop's forms. */
export const inputClass =
  'block w-full rounded-xl border border-linen bg-white px-4 py-3 text-base text-ink shadow-xs transition-colors ' +
  'placeholder:text-muted/70 hover:border-muted/40 focus:border-brand focus:ring-3 focus:ring-brand/20 focus:outline-none ' +
  'aria-[invalid=true]:border-brand-dark aria-[invalid=true]:bg-brand-soft/30 disabled:cursor-not-allowed disabled:bg-sand disabled:text-muted';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
  children: React.ReactNode;
}

/** Label above, hint and error below: the ids for aria-describedby are `${id}-hint` and `${id}-error`. */
function FieldFrame({ id, label, error, hint, optional, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-brand-dark">
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

type InputProps = Omit<React.ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  /** Classes of the wrapper (label, input and messages). */
  className?: string;
};

/** A labelled input; uncontrolled (`name`, `defaultValue`), so what is typed before the scripts run stays. */
export function TextField({ label, error, hint, optional, className, ...input }: InputProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide button (once the scripts run: it needs them). */
export function PasswordField({ label, error, hint, optional, className, ...input }: Omit<InputProps, 'type'>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={`${inputClass} pr-14`}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        {hydrated && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={id}
            className="absolute inset-y-1 right-1 flex w-11 items-center justify-center rounded-lg text-muted hover:bg-sand hover:text-ink"
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
    </FieldFrame>
  );
}

type SelectProps = Omit<React.ComponentProps<'select'>, 'id'> & {
  label: string;
  options: readonly string[];
  placeholder?: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
};

/** A labelled select of plain string options (countries, states). */
export function SelectField({ label, options, placeholder, error, hint, optional, className, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
        {...select}
      >
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type TextAreaProps = Omit<React.ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
};

export function TextAreaField({ label, error, hint, optional, className, ...textarea }: TextAreaProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${inputClass} min-h-40 resize-y leading-relaxed`}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function CheckboxField({
  label,
  className,
  ...input
}: Omit<React.ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2.5 text-sm text-ink select-none ${className ?? ''}`}
    >
      <input type="checkbox" className="size-4.5 cursor-pointer rounded accent-brand-dark" {...input} />
      {label}
    </label>
  );
}

interface SubmitButtonProps extends Omit<React.ComponentProps<'button'>, 'type'> {
  pending: boolean;
  /** What the button says while the request runs (docs/product.md#messages: 'Logging in...' and so on). */
  pendingLabel: string;
}

/** The form's main button: disabled, with a spinner and its working text, while the request runs. */
export function SubmitButton({ pending, pendingLabel, children, className, disabled, ...button }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`${buttonClass.large} ${className ?? ''}`}
      {...button}
    >
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </button>
  );
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={`animate-spin ${className}`}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function EyeIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
    >
      <path d="M10.7 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.6 3.6M6.6 6.6A17.4 17.4 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m2 2 20 20" />
    </svg>
  );
}
