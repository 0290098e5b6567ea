import type { AdminHome, HomePick, HomePickSection } from '@shop/contract';
import { Form } from 'react-router';
import { inputClass, labelClass } from './bits';
import { Card } from '../ui/card';
import { buttonClass } from '../ui/button';

export const SECTION_NAMES: Record<HomePickSection, string> = {
  home_slider: 'Handpicked for You (first row)',
  celebrity_closet: 'Celebrity Closet',
};
const small =
  'inline-flex min-h-11 items-center rounded-full border border-linen bg-white px-4 text-sm font-semibold text-ink hover:bg-sand';

function PickButton({
  section,
  pick,
  intent,
  label,
  disabled,
}: {
  section: HomePickSection;
  pick: HomePick;
  intent: string;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="section" value={section} />
      <input type="hidden" name="product_id" value={pick.product_id} />
      <button type="submit" name="intent" value={intent} className={small} disabled={disabled}>
        {label}
        <span className="sr-only">: {pick.name}</span>
      </button>
    </Form>
  );
}

export function SectionPicks({ section, picks }: { section: HomePickSection; picks: HomePick[] }) {
  return (
    <Card title={SECTION_NAMES[section]}>
      <div id={`picks-${section}`} />
      {picks.length === 0 && <p className="text-muted">No picks: the section is left out.</p>}
      <ol className="divide-y divide-linen" aria-label={`${SECTION_NAMES[section]} picks`}>
        {picks.map((p, i) => (
          <li key={p.product_id} className="flex flex-wrap items-center gap-3 py-3">
            <img src={p.image} alt="" width={48} height={48} className="size-12 rounded-lg bg-sand object-cover" />
            <p className="min-w-0 flex-1 font-semibold break-words text-ink">
              {p.name}
              {!p.published && <span className="ml-2 text-sm font-normal text-muted">(not published: not shown)</span>}
            </p>
            <div className="flex flex-wrap gap-2">
              <PickButton section={section} pick={p} intent="pick-up" label="Up" disabled={i === 0} />
              <PickButton
                section={section}
                pick={p}
                intent="pick-down"
                label="Down"
                disabled={i === picks.length - 1}
              />
              <PickButton section={section} pick={p} intent="pick-remove" label="Remove" />
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** Find products by name (a GET form: the results come with the page), then add one to a section. */
export function PickSearch({ q, found }: { q: string; found: HomePick[] | null }) {
  return (
    <Card title="Add a pick">
      <Form method="get" className="flex flex-wrap items-end gap-3" id="pick-search">
        <label className={`${labelClass} min-w-0 flex-1`}>
          Product name
          <input type="search" name="q" defaultValue={q} required maxLength={100} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass.plain}>
          Find
        </button>
      </Form>
      {found && found.length === 0 && <p className="mt-3 text-muted">No product matches '{q}'.</p>}
      {found && found.length > 0 && (
        <ul className="mt-3 divide-y divide-linen" aria-label="Products found">
          {found.map((p) => (
            <li key={p.product_id} className="flex flex-wrap items-center gap-3 py-3">
              <img src={p.image} alt="" width={48} height={48} className="size-12 rounded-lg bg-sand object-cover" />
              <p className="min-w-0 flex-1 font-semibold break-words text-ink">{p.name}</p>
              <div className="flex flex-wrap gap-2">
                {(Object.keys(SECTION_NAMES) as HomePickSection[]).map((section) => (
                  <PickButton
                    key={section}
                    section={section}
                    pick={p}
                    intent="pick-add"
                    label={`Add to ${SECTION_NAMES[section].split(' (')[0]}`}
                  />
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function FocusedForm({ home }: { home: AdminHome }) {
  const current = home.sections.focused_collection[0];
  return (
    <Card title="Focused collection">
      <Form method="post" className="grid gap-3" id="focused">
        <label className={labelClass}>
          Collection
          <select name="collection_id" defaultValue={current?.collection_id ?? ''} className={inputClass}>
            <option value="">None (the section is left out)</option>
            {home.collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Its text
          <textarea
            name="content"
            rows={3}
            maxLength={500}
            defaultValue={current?.content ?? ''}
            className={inputClass}
          />
        </label>
        <button type="submit" name="intent" value="focused" className={`${buttonClass.dark} justify-self-start`}>
          Save focused collection
        </button>
      </Form>
    </Card>
  );
}
