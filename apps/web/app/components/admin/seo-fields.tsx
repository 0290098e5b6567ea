import { META_DESCRIPTION_MAX, META_TITLE_MAX, type Seo } from '@shop/contract';
import { useId, useState } from 'react';
import { inputClass } from '~/components/forms/fields';
import { useHydrated } from '~/lib/use-hydrated';

interface Props {
  values: { meta_title?: string | undefined; meta_description?: string | undefined };
  errors?: Partial<Record<string, string>> | undefined;
  /** What the page shows when a field is left empty (the API's default), when it is known. */
  placeholder?: Seo | undefined;
}

/**
 * 'Search engines': the meta title and description of a product, category or
 * collection page (docs/product.md 'Search engine fields'). Plain fields that
 * post with the form; with scripts, a count of the characters used.
 */
export function SeoFields({ values, errors = {}, placeholder }: Props) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-linen p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Search engines</legend>
      <p className="text-xs text-muted">
        How the page shows in search results and shared links. Leave a field empty to use the page&apos;s own words
        (shown greyed); the shop&apos;s name is added after the title.
      </p>
      <CountedField
        label="Meta title"
        name="meta_title"
        max={META_TITLE_MAX}
        defaultValue={values.meta_title ?? ''}
        placeholder={placeholder?.title}
        error={errors.meta_title}
      />
      <CountedField
        label="Meta description"
        name="meta_description"
        max={META_DESCRIPTION_MAX}
        multiline
        defaultValue={values.meta_description ?? ''}
        placeholder={placeholder?.description}
        error={errors.meta_description}
      />
    </fieldset>
  );
}

interface FieldProps {
  label: string;
  name: string;
  max: number;
  defaultValue: string;
  placeholder?: string | undefined;
  error?: string | undefined;
  multiline?: boolean;
}

function CountedField({ label, name, max, defaultValue, placeholder, error, multiline }: FieldProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [length, setLength] = useState(defaultValue.length);
  const props = {
    id,
    name,
    defaultValue,
    placeholder,
    maxLength: max,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': `${id}-count${error ? ` ${id}-error` : ''}`,
    className: multiline ? `${inputClass} min-h-24 resize-y leading-relaxed` : inputClass,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setLength(e.target.value.length),
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
        <span className="font-normal text-muted"> (optional)</span>
      </label>
      {multiline ? <textarea {...props} rows={3} /> : <input {...props} />}
      <p id={`${id}-count`} className="mt-1.5 text-xs text-muted">
        {hydrated ? `${length} of ${max} characters` : `At most ${max} characters.`}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-brand-dark">
          {error}
        </p>
      )}
    </div>
  );
}
