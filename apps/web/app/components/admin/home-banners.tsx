import type { AdminBanner } from '@shop/contract';
import { Form, Link } from 'react-router';
import { inputClass, labelClass } from './bits';
import { Card } from '../ui/card';
import { buttonClass } from '../ui/button';
import { formatWhen } from '~/lib/dates';

function bannerState(b: AdminBanner): string {
  if (!b.is_active) return 'Off (draft)';
  if (b.live) return 'On the home page';
  if (b.starts_at && Date.parse(b.starts_at) > Date.now()) return `Starts ${formatWhen(b.starts_at)}`;
  return 'Ended';
}

const small =
  'inline-flex min-h-11 items-center rounded-full border border-linen bg-white px-4 text-sm font-semibold text-ink hover:bg-sand';

export function BannerList({ banners }: { banners: AdminBanner[] }) {
  return (
    <Card title="Banners">
      {banners.length === 0 && <p className="text-muted">No banners: the home page opens on its collections.</p>}
      <ol className="divide-y divide-linen" aria-label="Banners in order">
        {banners.map((b, i) => (
          <li key={b.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
            <img
              src={b.large_image_url}
              alt=""
              width={160}
              height={60}
              className="h-16 w-40 shrink-0 rounded-lg bg-sand object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-ink">{b.title || '(no heading)'}</p>
              <p className="text-sm break-words text-muted">
                {bannerState(b)} · links to {b.link}
                {b.ends_at ? ` · until ${formatWhen(b.ends_at)}` : ''}
              </p>
            </div>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="id" value={b.id} />
              <button type="submit" name="intent" value="banner-up" className={small} disabled={i === 0}>
                Move up<span className="sr-only">: {b.title}</span>
              </button>
              <button
                type="submit"
                name="intent"
                value="banner-down"
                className={small}
                disabled={i === banners.length - 1}
              >
                Move down<span className="sr-only">: {b.title}</span>
              </button>
              <Link to={`/admin/home?edit=${b.id}#banner-form`} className={small}>
                Edit<span className="sr-only">: {b.title}</span>
              </Link>
              <button type="submit" name="intent" value="banner-delete" className={small}>
                Remove<span className="sr-only">: {b.title}</span>
              </button>
            </Form>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export interface BannerValues {
  id?: string;
  title?: string;
  subtitle?: string;
  cta?: string;
  link?: string;
  starts_at?: string;
  ends_at?: string;
}

/** Add a banner, or edit one (`banner`): pictures are uploaded with the form; dates are India time. */
export function BannerForm({
  banner,
  values,
  istInput,
}: {
  banner: AdminBanner | null;
  values: BannerValues | undefined;
  istInput: (iso: string | null) => string;
}) {
  const v = (name: keyof BannerValues, fallback: string) => values?.[name] ?? fallback;
  const fileClass =
    'mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-linen file:bg-white file:px-4 file:font-semibold';
  return (
    <Card title={banner ? `Edit the banner '${banner.title}'` : 'Add a banner'}>
      <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" id="banner-form">
        {banner && <input type="hidden" name="id" value={banner.id} />}
        {banner && <input type="hidden" name="large_image" value={banner.large_image} />}
        {banner && <input type="hidden" name="mobile_image" value={banner.mobile_image} />}
        <label className={labelClass}>
          Desktop picture (wide, about 1920 × 720){banner ? ': leave empty to keep it' : ''}
          <input type="file" name="large_image_file" accept="image/*" required={!banner} className={fileClass} />
        </label>
        <label className={labelClass}>
          Phone picture (about 960 × 1200){banner ? ': leave empty to keep it' : ''}
          <input type="file" name="mobile_image_file" accept="image/*" required={!banner} className={fileClass} />
        </label>
        <label className={labelClass}>
          Heading
          <input name="title" maxLength={120} defaultValue={v('title', banner?.title ?? '')} className={inputClass} />
        </label>
        <label className={labelClass}>
          Button label
          <input name="cta" maxLength={40} defaultValue={v('cta', banner?.cta ?? 'Shop now')} className={inputClass} />
        </label>
        <label className={`${labelClass} sm:col-span-2`}>
          Text
          <input
            name="subtitle"
            maxLength={300}
            defaultValue={v('subtitle', banner?.subtitle ?? '')}
            className={inputClass}
          />
        </label>
        <label className={`${labelClass} sm:col-span-2`}>
          Link: a page of the shop (/collections/festive) or an https:// address
          <input
            name="link"
            required
            maxLength={500}
            defaultValue={v('link', banner?.link ?? '/shop')}
            pattern="(/[^/\\\s].*|/|https://\S+)"
            className={inputClass}
          />
        </label>
        <label className={labelClass}>
          Shown from (India time, optional)
          <input
            type="datetime-local"
            name="starts_at"
            defaultValue={v('starts_at', istInput(banner?.starts_at ?? null))}
            className={inputClass}
          />
        </label>
        <label className={labelClass}>
          Shown until (India time, optional)
          <input
            type="datetime-local"
            name="ends_at"
            defaultValue={v('ends_at', istInput(banner?.ends_at ?? null))}
            className={inputClass}
          />
        </label>
        <label className="flex min-h-11 items-center gap-3 font-semibold text-ink sm:col-span-2">
          <input
            type="checkbox"
            name="is_active"
            defaultChecked={banner ? banner.is_active : true}
            className="size-5"
          />
          On: shown on the home page (off keeps it as a draft for the preview)
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" name="intent" value="banner-save" className={buttonClass.dark}>
            {banner ? 'Save banner' : 'Add banner'}
          </button>
          {banner && (
            <Link to="/admin/home#banners" className={buttonClass.plain}>
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </Card>
  );
}
