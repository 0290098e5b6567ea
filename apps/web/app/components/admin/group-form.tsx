import { categorySeo, collectionSeo, type AdminGroup, type GroupKind } from '@shop/contract';
import { Form } from 'react-router';
import { TextAreaField, TextField } from '~/components/forms/fields';
import { SHOP_NAME } from '~/lib/config';
import { DropZone } from './drop-zone';
import { SeoFields } from './seo-fields';
import { buttonClass } from '../ui/button';

interface Answer {
  values?: Record<string, string>;
  fieldErrors?: Partial<Record<string, string>>;
}

/** Create or edit a category or collection: a multipart form (its picture is a file), posted to the page's action. */
export function GroupForm({
  kind,
  group,
  answer,
  submitLabel,
}: {
  kind: GroupKind;
  group?: AdminGroup;
  answer?: Answer | undefined;
  submitLabel: string;
}) {
  const v = answer?.values;
  const e = answer?.fieldErrors;
  // The page's own title and description (the API makes the same), shown in the empty search engine fields.
  const own = group && { ...group, meta_title: null, meta_description: null };
  const seoDefault = own && (kind === 'categories' ? categorySeo(own, SHOP_NAME) : collectionSeo(own));
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <TextField
        label="Name"
        name="name"
        required
        maxLength={80}
        defaultValue={v?.name ?? group?.name ?? ''}
        error={e?.name}
      />
      <TextField
        label="Slug (its web address)"
        name="slug"
        maxLength={120}
        optional={!group}
        hint={group ? `/${kind}/${group.slug}` : 'Made from the name when left empty'}
        defaultValue={v?.slug ?? group?.slug ?? ''}
        error={e?.slug}
      />
      <TextAreaField
        label="Description"
        name="description"
        optional
        maxLength={2000}
        defaultValue={v?.description ?? group?.description ?? ''}
        error={e?.description}
      />
      {kind === 'categories' && (
        <TextField
          label="Group (shown above it in the menu)"
          name="parent"
          optional
          maxLength={60}
          hint="For example ‘Accessories’"
          defaultValue={v?.parent ?? group?.parent ?? ''}
          error={e?.parent}
        />
      )}
      <div>
        {group && (
          <img
            src={group.image_url.replace('/640/', '/160/')}
            alt=""
            width={80}
            height={80}
            className="mb-2 size-20 rounded-lg bg-sand object-cover"
          />
        )}
        <DropZone
          name="picture"
          multiple={false}
          label={group ? 'Replace the picture' : 'Picture'}
          hint="JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB."
        />
        {e?.picture && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-brand-dark">
            {e.picture}
          </p>
        )}
      </div>
      <SeoFields
        values={{
          meta_title: v?.meta_title ?? group?.meta_title ?? '',
          meta_description: v?.meta_description ?? group?.meta_description ?? '',
        }}
        errors={e}
        placeholder={seoDefault}
      />
      <button type="submit" className={buttonClass.dark}>
        {submitLabel}
      </button>
    </Form>
  );
}
