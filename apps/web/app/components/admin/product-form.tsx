import type { ProductOptions, Seo } from '@shop/contract';
import { Form } from 'react-router';
import { TextAreaField, TextField } from '~/components/forms/fields';
import { buttonClass } from '../ui/button';
import { SeoFields } from './seo-fields';

interface Props {
  options: ProductOptions;
  values: Record<string, string>;
  errors?: Partial<Record<string, string>>;
  version?: number;
  submit: string;
  /** The product page's own title and description, shown in the empty search engine fields. */
  seoDefault?: Seo;
}

/** The product's own fields (new and edit): a plain form that posts, so it works without scripts. */
export function ProductForm({ options, values, errors = {}, version, submit, seoDefault }: Props) {
  const chosen = new Set((values.collection_ids ?? '').split(',').filter(Boolean));
  const category = options.categories.find((c) => String(c.id) === values.category_id);
  return (
    <Form method="post" className="space-y-4" aria-label="Product details">
      <input type="hidden" name="intent" value="save" />
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      <TextField label="Name" name="name" required defaultValue={values.name ?? ''} error={errors.name} />
      <TextField
        label="Slug"
        name="slug"
        optional
        hint="The product's address on the shop; made from the name when empty. An old slug keeps working (it redirects)."
        defaultValue={values.slug ?? ''}
        error={errors.slug}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
      />
      <TextAreaField
        label="Description"
        name="description"
        optional
        defaultValue={values.description ?? ''}
        error={errors.description}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <TextAreaField
          label="Care details"
          name="care_details"
          optional
          hint="One per line."
          defaultValue={values.care_details ?? ''}
          error={errors.care_details}
        />
        <TextAreaField
          label="Highlights"
          name="highlights"
          optional
          hint="One per line."
          defaultValue={values.highlights ?? ''}
          error={errors.highlights}
        />
      </div>
      <div>
        <label htmlFor="product-category" className="mb-1.5 block text-sm font-semibold text-ink">
          Category
        </label>
        <select
          id="product-category"
          name="category_id"
          required
          defaultValue={values.category_id ?? ''}
          aria-invalid={errors.category_id ? true : undefined}
          className="block w-full rounded-xl border border-linen bg-white px-4 py-3 text-base text-ink"
        >
          <option value="">Choose a category</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} (HSN {c.hsn_code})
            </option>
          ))}
        </select>
        {errors.category_id && <p className="mt-1.5 text-sm font-medium text-brand-dark">{errors.category_id}</p>}
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-semibold text-ink">Collections</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.collections.map((c) => (
            <label key={c.id} className="inline-flex min-h-11 items-center gap-2.5 text-ink">
              <input
                type="checkbox"
                name="collection_ids"
                value={c.id}
                defaultChecked={chosen.has(String(c.id))}
                className="size-4.5 accent-brand-dark"
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 md:grid-cols-3">
        <TextField
          label="HSN code"
          name="hsn_code"
          optional
          inputMode="numeric"
          hint={`Empty: the category's${category ? ` (${category.hsn_code})` : ''}.`}
          defaultValue={values.hsn_code ?? ''}
          error={errors.hsn_code}
        />
        <TextField
          label="Tags"
          name="tags"
          optional
          hint="Separated by commas."
          defaultValue={values.tags ?? ''}
          error={errors.tags}
        />
        <TextField
          label="Country of origin"
          name="country_of_origin"
          defaultValue={values.country_of_origin || 'India'}
          error={errors.country_of_origin}
        />
      </div>
      <SeoFields values={values} errors={errors} placeholder={seoDefault} />
      <button type="submit" className={buttonClass.dark}>
        {submit}
      </button>
    </Form>
  );
}
