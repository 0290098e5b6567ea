import {
  ADMIN_ROUTES,
  can,
  PICTURES_PER_COLOUR,
  TOO_MANY_PICTURES,
  type ColourPicture,
  type ProductPictures as Pictures,
} from '@shop/contract';
import { useState } from 'react';
import { Form, Link, redirect, useNavigation, useRouteLoaderData } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { DropZone } from '~/components/admin/drop-zone';
import { chosenFiles, uploadFiles } from '~/lib/admin-pictures.server';
import { numberField, textField } from '~/lib/form';
import { apiErrorText, formAnswer } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/product-pictures';
import { call, read } from '~/lib/call.server';

export const meta = ({ data }: Route.MetaArgs) =>
  adminMeta(`Pictures of ${data?.pictures.product.name ?? 'a product'}`);

export async function loader(args: Route.LoaderArgs) {
  const pictures = await read(args, ADMIN_ROUTES['admin.products.pictures'], { params: { id: args.params.id } });
  return { pictures, done: new URL(args.request.url).searchParams.get('done') };
}

/** The colour's list as the form holds it: key_0.., alt_0.., in the order shown. */
function listOf(form: FormData) {
  const list: { key: string; alt: string }[] = [];
  for (let i = 0; i < PICTURES_PER_COLOUR; i++) {
    const key = textField(form, `key_${i}`);
    if (key) list.push({ key, alt: textField(form, `alt_${i}`).trim() });
  }
  return list;
}

/**
 * One colour's form: move up/down, remove, or save (alt texts and any new
 * files, uploaded one by one first). A file refused leaves the colour as it
 * was: nothing is half-saved.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const colorId = numberField(form, 'color_id');
  const version = numberField(form, 'version');
  const [verb, at] = textField(form, 'intent').split(':');
  const i = Number(at);
  const list = listOf(form);
  const answer = (text: string, status = 400) =>
    formAnswer({ form: String(colorId), notice: { kind: 'error', text } }, status);

  if (verb === 'up' || verb === 'down') {
    const j = verb === 'up' ? i - 1 : i + 1;
    if (!list[i] || !list[j]) return answer('Nothing to move there');
    [list[i], list[j]] = [list[j], list[i]];
  } else if (verb === 'remove') {
    if (!list[i]) return answer('No such picture');
    list.splice(i, 1);
  } else if (verb === 'save') {
    const files = chosenFiles(form, 'files');
    if (list.length + files.length > PICTURES_PER_COLOUR) return answer(TOO_MANY_PICTURES);
    const { uploaded, errors } = await uploadFiles(args, files);
    if (errors.length) return answer(errors.join(' · '));
    list.push(...uploaded.map((u) => ({ key: u.key, alt: '' })));
  } else return answer('Choose what to do');

  const res = await call(args, ADMIN_ROUTES['admin.products.setColourPictures'], {
    params: { id: args.params.id, colorId },
    body: { version, pictures: list },
  });
  if (!res.ok) return answer(apiErrorText(res), res.status);
  throw redirect(`/admin/products/${args.params.id}/pictures?done=${verb}#colour-${colorId}`);
}

/** The picture's buttons: three fit a phone's row; a disabled one (first up, last down) looks it. */
const tighten = (c: string) =>
  `${c.replace('px-5', 'px-3')} text-sm sm:px-4 sm:text-base disabled:cursor-not-allowed disabled:opacity-40`;
const small = tighten(buttonClass.plain);

const DONE: Record<string, string> = {
  save: 'Pictures saved: the shop shows them now.',
  up: 'Picture moved up.',
  down: 'Picture moved down.',
  remove: 'Picture removed.',
};

export default function ProductPictures({ loaderData, actionData }: Route.ComponentProps) {
  const { pictures, done } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canWrite = can(me?.user.role, 'catalog.write');
  return (
    <>
      <PageTitle
        actions={
          <Link to={`/admin/products/${pictures.product.id}`} className={buttonClass.plain}>
            Back to the product
          </Link>
        }
      >
        Pictures · {pictures.product.name}
      </PageTitle>
      <AdminNotice notice={!actionData && done && DONE[done] ? { kind: 'success', text: DONE[done] } : null} />
      <p className="mb-4 text-muted">
        Each colour shows up to {PICTURES_PER_COLOUR} pictures, on every size of that colour; the first is the one lists
        show. A colour without a picture shows ‘Picture coming soon’.
      </p>
      {pictures.colours.length === 0 && <p>This product has no colour on sale.</p>}
      <div className="grid gap-4 xl:grid-cols-2">
        {pictures.colours.map((colour) => (
          <ColourCard
            key={`${colour.color_id}-${pictures.product.version}`}
            colour={colour}
            version={pictures.product.version}
            canWrite={canWrite}
            error={actionData?.form === String(colour.color_id) ? actionData.notice?.text : undefined}
          />
        ))}
      </div>
    </>
  );
}

function ColourCard({
  colour,
  version,
  canWrite,
  error,
}: {
  colour: Pictures['colours'][number];
  version: number;
  canWrite: boolean;
  error?: string | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('color_id') === String(colour.color_id);
  // With scripts, a picture can be dragged to its place; the order is saved with "Save pictures".
  const [order, setOrder] = useState<ColourPicture[]>(colour.pictures);
  const [dragged, setDragged] = useState<number | null>(null);
  const headingId = `colour-${colour.color_id}-title`;
  return (
    <section
      id={`colour-${colour.color_id}`}
      aria-labelledby={headingId}
      className="rounded-2xl border border-linen bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg text-ink">
        <span
          aria-hidden="true"
          className="inline-block size-5 rounded-full border border-linen"
          style={{ background: colour.hex }}
        />
        {colour.name}
        <span className="text-sm font-normal text-muted">
          · {colour.variants} size{colour.variants === 1 ? '' : 's'}
        </span>
      </h2>
      {error && (
        <p role="alert" className="mb-3 rounded-xl border border-brand/40 bg-brand-soft px-4 py-3 text-ink">
          {error}
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-4" preventScrollReset>
        <input type="hidden" name="color_id" value={colour.color_id} />
        <input type="hidden" name="version" value={version} />
        {order.length === 0 ? (
          <p className="text-muted">No picture yet: the shop shows ‘Picture coming soon’.</p>
        ) : (
          <ol className="space-y-3" aria-label={`Pictures of ${colour.name}, in order`}>
            {order.map((p, i) => (
              <li
                key={p.key}
                draggable={canWrite}
                onDragStart={() => setDragged(i)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged === null || dragged === i) return;
                  const next = [...order];
                  const [moved] = next.splice(dragged, 1);
                  next.splice(i, 0, moved!);
                  setOrder(next);
                  setDragged(null);
                }}
                className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 rounded-xl border border-linen p-2"
              >
                <img
                  src={p.url.replace('/640/', '/160/')}
                  alt={p.alt || `Picture ${i + 1} of ${colour.name}`}
                  width={80}
                  height={100}
                  className="h-25 w-20 shrink-0 rounded-lg bg-sand object-cover"
                />
                <div>
                  <input type="hidden" name={`key_${i}`} value={p.key} />
                  <label className={labelClass} htmlFor={`alt-${colour.color_id}-${i}`}>
                    Picture {i + 1}: alt text
                  </label>
                  <input
                    id={`alt-${colour.color_id}-${i}`}
                    name={`alt_${i}`}
                    defaultValue={p.alt}
                    maxLength={300}
                    placeholder="What the picture shows"
                    className={inputClass}
                    disabled={!canWrite}
                  />
                </div>
                {canWrite && (
                  <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:col-start-2">
                    <button type="submit" name="intent" value={`up:${i}`} disabled={i === 0} className={small}>
                      Move up<span className="sr-only"> picture {i + 1}</span>
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`down:${i}`}
                      disabled={i === order.length - 1}
                      className={small}
                    >
                      Move down<span className="sr-only"> picture {i + 1}</span>
                    </button>
                    <button type="submit" name="intent" value={`remove:${i}`} className={tighten(buttonClass.danger)}>
                      Remove<span className="sr-only"> picture {i + 1}</span>
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        {canWrite && (
          <>
            {order.length < PICTURES_PER_COLOUR ? (
              <DropZone
                name="files"
                label={`Add pictures of ${colour.name}`}
                hint={`JPEG, PNG, WebP, HEIC or AVIF, up to 15 MB each; ${PICTURES_PER_COLOUR - order.length} more at most.`}
              />
            ) : (
              <p className="text-sm text-muted">{TOO_MANY_PICTURES}: remove one to add another.</p>
            )}
            <button type="submit" name="intent" value="save" className={buttonClass.dark} disabled={busy}>
              {busy ? 'Saving…' : 'Save pictures'}
            </button>
          </>
        )}
      </Form>
    </section>
  );
}
