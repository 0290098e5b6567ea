import { ADMIN_ROUTES, type AdminDiscount } from '@shop/contract';
import type { Args } from './api.server';
import { fieldOfRefusal, readDiscountForm } from './admin-discounts';
import type { FieldErrors } from './form';
import { apiErrorText, failed, formAnswer } from './form.server';
import { call, read } from './call.server';

const CHECK = 'Please check the fields marked below.';

/**
 * The new / edit form posted: checked with the contract's schema, then sent
 * to the API; a refusal draws the form again with each reason beside its
 * field (or above the form when it names none).
 */
export async function saveDiscount(
  args: Args,
  form: FormData,
  id: number | null,
): Promise<{ answer: ReturnType<typeof formAnswer> } | { saved: AdminDiscount }> {
  const read = readDiscountForm(form);
  if (!read.ok) {
    return {
      answer: formAnswer({
        form: 'discount',
        values: read.values,
        fieldErrors: read.fieldErrors,
        notice: { kind: 'error', text: CHECK },
      }),
    };
  }
  const res =
    id === null
      ? await call(args, ADMIN_ROUTES['admin.discounts.create'], { body: read.body })
      : await call(args, ADMIN_ROUTES['admin.discounts.update'], { params: { id }, body: read.body });
  if (res.ok) return { saved: res.data.data };
  const fieldErrors: FieldErrors = {};
  const others: string[] = [];
  for (const reason of res.status < 500 ? res.errors : []) {
    const field = fieldOfRefusal(reason);
    if (field) fieldErrors[field] ??= reason.replace(/^[a-z_]+(?:\.\d+)?: /, '');
    else others.push(reason);
  }
  const text = Object.keys(fieldErrors).length > 0 && others.length === 0 ? CHECK : apiErrorText(res);
  return {
    answer: formAnswer(
      { form: 'discount', values: read.values, fieldErrors, notice: { kind: 'error', text } },
      res.status,
    ),
  };
}

/** The on/off switch posted (`id`, `active`): the code after the change, or the form's refusal. */
export async function switchDiscount(args: Args, form: FormData) {
  const id = Number(form.get('id'));
  const active = form.get('active');
  if (!Number.isInteger(id) || id <= 0 || (active !== 'true' && active !== 'false')) {
    return { answer: formAnswer({ notice: { kind: 'error', text: 'Choose a code to turn on or off.' } }) };
  }
  const res = await call(args, ADMIN_ROUTES['admin.discounts.setActive'], {
    params: { id },
    body: { active: active === 'true' },
  });
  if (!res.ok) return { answer: failed(res) };
  return { saved: res.data.data };
}

/** The shop's categories and collections, for the code's limits (names shown for the ids a code keeps). */
export async function groupChoices(args: Args) {
  const [categories, collections] = await Promise.all([
    read(args, ADMIN_ROUTES['admin.categories.list']),
    read(args, ADMIN_ROUTES['admin.collections.list']),
  ]);
  return {
    categories: categories.data.map((c) => ({
      id: c.id,
      name: c.name,
      ...(c.parent ? { note: c.parent } : {}),
      ...(c.is_visible ? {} : { note: c.parent ? `${c.parent}, hidden` : 'hidden' }),
    })),
    collections: collections.data.map((c) => ({ id: c.id, name: c.name, ...(c.is_visible ? {} : { note: 'hidden' }) })),
  };
}
