import { ADMIN_ROUTES, AdminHome, HOME_PICK_SECTIONS, type HomePickSection } from '@shop/contract';
import { redirect } from 'react-router';
import type { Args } from './api.server';
import { postedFile } from './admin.server';
import { numberField, textField } from './form';
import { formAnswer } from './form.server';
import { fromIstInput } from './ist-input';
import { call, read } from './call.server';

const BANNER_FIELDS = ['title', 'subtitle', 'cta', 'link', 'starts_at', 'ends_at'] as const;
const done = (what: string) => redirect(`/admin/home?done=${what}#${what.split('-')[0]}`);

async function saveBanner(args: Args, form: FormData) {
  const values = Object.fromEntries(BANNER_FIELDS.map((f) => [f, textField(form, f)])) as Record<
    (typeof BANNER_FIELDS)[number],
    string
  >;
  const id = textField(form, 'id');
  const again = (text: string, status = 400) =>
    formAnswer({ form: 'banner', values: { ...values, id }, notice: { kind: 'error', text } }, status);
  const startsAt = fromIstInput(values.starts_at);
  const endsAt = fromIstInput(values.ends_at);
  // fromIstInput's only number is NaN: a date it could not read.
  if (typeof startsAt === 'number' || typeof endsAt === 'number') return again('Write the dates as a day and a time.');

  const keys: Record<'large_image' | 'mobile_image', string> = {
    large_image: textField(form, 'large_image'),
    mobile_image: textField(form, 'mobile_image'),
  };
  for (const [field, label] of [
    ['large_image', 'desktop'],
    ['mobile_image', 'phone'],
  ] as const) {
    const file = postedFile(form, `${field}_file`);
    if (file) {
      const up = await call(
        args,
        ADMIN_ROUTES['admin.pictures.upload'],
        { query: { alt: values.title || 'Banner' } },
        { file: file },
      );
      if (!up.ok) return again(`The ${label} picture: ${up.errors[0] ?? up.message}`, up.status);
      keys[field] = up.data.key;
    }
    if (!keys[field]) return again(`Choose the ${label} picture.`);
  }
  const body = {
    ...keys,
    title: values.title,
    subtitle: values.subtitle,
    cta: values.cta,
    link: values.link,
    starts_at: startsAt,
    ends_at: endsAt,
    is_active: form.get('is_active') === 'on',
  };
  const res = id
    ? await call(args, ADMIN_ROUTES['admin.home.updateBanner'], { params: { id: Number(id) }, body })
    : await call(args, ADMIN_ROUTES['admin.home.createBanner'], { body });
  if (!res.ok) return again(res.errors.join(' · ') || res.message, res.status);
  return done(id ? 'banners-saved' : 'banners-added');
}

async function changePicks(args: Args, form: FormData, intent: string) {
  const section = textField(form, 'section') as HomePickSection;
  if (!HOME_PICK_SECTIONS.includes(section))
    return formAnswer({ notice: { kind: 'error', text: 'Choose a section.' } });
  const productId = numberField(form, 'product_id');
  const home = AdminHome.parse(await read(args, ADMIN_ROUTES['admin.home.get']));
  const ids = home.sections[section].map((p) => p.product_id);
  const at = ids.indexOf(productId);
  if (intent === 'pick-add' && at === -1) ids.push(productId);
  if (intent === 'pick-remove' && at !== -1) ids.splice(at, 1);
  const to = intent === 'pick-up' ? at - 1 : at + 1;
  if ((intent === 'pick-up' || intent === 'pick-down') && at !== -1 && to >= 0 && to < ids.length) {
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
  }
  const res = await call(args, ADMIN_ROUTES['admin.home.picks'], {
    params: { section },
    body: { product_ids: ids },
  });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  return done(`picks-${section}`);
}

/** The home page's forms (routes/admin/home.tsx), each a post that works without scripts. */
export async function homeAction(args: Args & { request: Request }) {
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  if (intent === 'banner-save') return saveBanner(args, form);
  if (intent.startsWith('pick-')) return changePicks(args, form, intent);
  const fail = (res: { errors: string[]; message: string; status: number }) =>
    formAnswer({ notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
  if (intent === 'announcement') {
    const text = textField(form, 'text');
    const res = await call(args, ADMIN_ROUTES['admin.home.announcement'], { body: { text } });
    if (!res.ok)
      return formAnswer(
        { form: 'announcement', values: { text }, notice: { kind: 'error', text: res.errors[0] ?? res.message } },
        res.status,
      );
    return done('announcement-saved');
  }
  if (intent === 'banner-up' || intent === 'banner-down') {
    const direction = intent === 'banner-up' ? 'up' : 'down';
    const res = await call(args, ADMIN_ROUTES['admin.home.moveBanner'], {
      params: { id: numberField(form, 'id') },
      body: { direction },
    });
    return res.ok ? done('banners-moved') : fail(res);
  }
  if (intent === 'banner-delete') {
    const res = await call(args, ADMIN_ROUTES['admin.home.deleteBanner'], {
      params: { id: numberField(form, 'id') },
    });
    return res.ok ? done('banners-removed') : fail(res);
  }
  if (intent === 'focused') {
    const collectionId = numberField(form, 'collection_id');
    const items = Number.isNaN(collectionId)
      ? []
      : [{ collection_id: collectionId, content: textField(form, 'content') }];
    const res = await call(args, ADMIN_ROUTES['admin.home.focused'], { body: { items } });
    return res.ok ? done('focused-saved') : fail(res);
  }
  return formAnswer({ notice: { kind: 'error', text: 'Choose what to do.' } });
}
