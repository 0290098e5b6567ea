import { ADMIN_ROUTES, GroupBody, type GroupKind } from '@shop/contract';
import type { Args } from './api.server';
import { chosenFiles, uploadFiles } from './admin-pictures.server';
import { checkForm, textField } from './form';
import { apiErrorText, formAnswer } from './form.server';
import { call } from './call.server';

/** A slug made from a name: 'Party Frocks & More' → 'party-frocks-more'. */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/**
 * The create / edit form: checked with the contract's schema, its picture
 * (if one was chosen) uploaded first; the answer shows the form again with
 * the reasons, or the saved category or collection.
 */
export async function saveGroup(args: Args, kind: GroupKind, form: FormData, id: number | null) {
  const values = {
    name: textField(form, 'name'),
    slug: textField(form, 'slug').trim() || slugify(textField(form, 'name')),
    description: textField(form, 'description'),
    parent: textField(form, 'parent'),
    meta_title: textField(form, 'meta_title'),
    meta_description: textField(form, 'meta_description'),
  };
  const fields = new FormData();
  for (const [k, v] of Object.entries(values)) if (kind === 'categories' || k !== 'parent') fields.set(k, v);
  const checked = checkForm(GroupBody, fields);
  if (!checked.ok) return { answer: formAnswer({ form: 'group', values, fieldErrors: checked.errors }) };
  const files = chosenFiles(form, 'picture').slice(0, 1);
  const { uploaded, errors } = await uploadFiles(args, files);
  if (errors.length) return { answer: formAnswer({ form: 'group', values, fieldErrors: { picture: errors[0] } }) };
  const body = { ...checked.data, ...(uploaded[0] ? { image: uploaded[0].key } : {}) };
  const res =
    id === null
      ? await call(args, ADMIN_ROUTES[`admin.${kind}.create`], { body })
      : await call(args, ADMIN_ROUTES[`admin.${kind}.update`], { params: { id }, body });
  if (!res.ok) {
    const text = apiErrorText(res);
    const field = /slug/i.test(text) ? 'slug' : /picture/i.test(text) ? 'picture' : undefined;
    return {
      answer: formAnswer(
        {
          form: 'group',
          values,
          ...(field ? { fieldErrors: { [field]: text } } : { notice: { kind: 'error', text } }),
        },
        res.status,
      ),
    };
  }
  return { saved: res.data };
}
