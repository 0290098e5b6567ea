import { useId, useState } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonClass } from '~/components/ui/button';
import { AlertIcon, EyeIcon, EyeOffIcon, SpinnerIcon } from '~/components/ui/form-icons';

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
      <AlertIcon size={4} className="mt-0.5 shrink-0" />
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

/** An email address input: the phone's email keyboard, no capitals or spelling fixes; 'Email address' unless told. */
export function EmailField({
  label = 'Email address',
  ...input
}: Omit<InputProps, 'type' | 'label'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="off"
      spellCheck={false}
      {...input}
    />
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
            {visible ? <EyeOffIcon size={5} /> : <EyeIcon size={5} />}
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
      {pending && <SpinnerIcon size={4} />}
      {pending ? pendingLabel : children}
    </button>
  );
}
