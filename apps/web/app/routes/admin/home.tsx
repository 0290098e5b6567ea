import { ADMIN_ROUTES, can, HOME_PICK_SECTIONS } from '@shop/contract';
import { data, Form, Link, useLocation } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { BannerForm, BannerList } from '~/components/admin/home-banners';
import { FocusedForm, PickSearch, SectionPicks } from '~/components/admin/home-picks';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { homeAction } from '~/lib/admin-home.server';
import { requireStaff } from '~/lib/admin.server';
import type { FormAnswer } from '~/lib/flash';
import { istInput } from '~/lib/ist-input';
import type { Route } from './+types/home';
import { read } from '~/lib/call.server';

export const meta = () => adminMeta('Home page');

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args);
  if (!can(me.user.role, 'catalog.write')) throw data('Forbidden', { status: 403 });
  const params = new URL(args.request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const [home, found] = await Promise.all([
    read(args, ADMIN_ROUTES['admin.home.get']),
    q ? read(args, ADMIN_ROUTES['admin.home.searchPicks'], { query: { q } }) : null,
  ]);
  const edit = Number(params.get('edit'));
  return {
    home,
    q,
    found: found?.data ?? null,
    editing: home.banners.find((b) => b.id === edit) ?? null,
    preview: params.has('preview'),
    done: params.get('done'),
  };
}

export const action = (args: Route.ActionArgs) => homeAction(args);

const DONE: Record<string, string> = {
  'announcement-saved': 'Announcement bar saved.',
  'banners-added': 'Banner added.',
  'banners-saved': 'Banner saved.',
  'banners-moved': 'Banner moved.',
  'banners-removed': 'Banner removed.',
  'picks-home_slider': 'Picks saved.',
  'picks-celebrity_closet': 'Picks saved.',
  'focused-saved': 'Focused collection saved.',
};

function Preview() {
  return (
    <Card title="Preview" className="lg:col-span-2">
      <p className="mb-3 text-sm text-muted">
        The home page as shoppers will see it, with the banners that are off (drafts) and those not started yet. Switch
        a draft on to publish it.
      </p>
      <div className="flex flex-wrap items-start gap-6" id="preview">
        <figure>
          <figcaption className="mb-1 text-sm font-semibold">Phone, 375 px</figcaption>
          <iframe
            src="/?preview=1"
            title="Home page preview on a phone"
            width={375}
            height={700}
            className="max-w-full rounded-xl border border-linen bg-white"
          />
        </figure>
        <figure>
          <figcaption className="mb-1 text-sm font-semibold">Desktop, 1440 px (shown at half size)</figcaption>
          <div className="h-[450px] w-[720px] max-w-full overflow-hidden rounded-xl border border-linen bg-white">
            <iframe
              src="/?preview=1"
              title="Home page preview on a desktop"
              width={1440}
              height={900}
              className="origin-top-left scale-50"
            />
          </div>
        </figure>
      </div>
    </Card>
  );
}

export default function HomePage({ loaderData, actionData }: Route.ComponentProps) {
  const { home, q, found, editing, preview, done } = loaderData;
  const answer: FormAnswer | undefined = actionData;
  // A fresh form after each save (its fields are uncontrolled).
  const location = useLocation();
  return (
    <>
      <PageTitle
        actions={
          <Link to={preview ? '/admin/home' : '/admin/home?preview=1#preview'} className={buttonClass.plain}>
            {preview ? 'Close the preview' : 'Preview the home page'}
          </Link>
        }
      >
        Home page
      </PageTitle>
      <AdminNotice notice={done && DONE[done] ? { kind: 'success', text: DONE[done] } : answer?.notice} />
      <div className="grid gap-5 lg:grid-cols-2">
        {preview && <Preview />}
        <Card title="Announcement bar" className="lg:col-span-2">
          <Form method="post" className="flex flex-wrap items-end gap-3" id="announcement">
            <label className={`${labelClass} min-w-0 flex-1`}>
              Text over every page (empty: no bar; on a phone, what follows ' · ' is left out)
              <input
                name="text"
                maxLength={200}
                defaultValue={answer?.form === 'announcement' ? answer.values?.text : home.announcement}
                className={inputClass}
              />
            </label>
            <button type="submit" name="intent" value="announcement" className={buttonClass.dark}>
              Save announcement
            </button>
          </Form>
        </Card>
        <div className="lg:col-span-2" id="banners">
          <BannerList banners={home.banners} />
        </div>
        <div className="lg:col-span-2">
          <BannerForm
            key={`${editing?.id ?? 'new'}-${location.key}`}
            banner={editing}
            values={answer?.form === 'banner' ? answer.values : undefined}
            istInput={istInput}
          />
        </div>
        {HOME_PICK_SECTIONS.map((section) => (
          <SectionPicks key={section} section={section} picks={home.sections[section]} />
        ))}
        <PickSearch q={q} found={found} />
        <FocusedForm home={home} />
      </div>
    </>
  );
}
