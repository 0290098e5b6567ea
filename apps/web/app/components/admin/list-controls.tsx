import { Form, Link } from 'react-router';
import { buttonClass } from '../ui/button';

/**
 * What sits around a DataTable: tabs, search, filters, paging and bulk
 * actions. All of it lives in the address (links and GET forms) or posts a
 * form, so a list works the same without scripts.
 */

/** A list's address with some of its query changed (an empty value drops the key). */
export function listHref(path: string, params: Record<string, string | undefined>, change = {}) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, ...change })) if (v) q.set(k, v as string);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** 'Older' for keyset pages: the query as it is, with `before_id` moved on. */
export const olderLink = (next: number | null, params: Record<string, string | undefined>) =>
  next ? { to: listHref('', params, { before_id: String(next) }) || '?', text: 'Older' } : null;

export interface Tab {
  to: string;
  text: string;
  count?: number;
  current: boolean;
}

/** Filter tabs as links; the current one is marked for screen readers. */
export function ListTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label} className="-mx-4 mb-4 overflow-x-auto px-4">
      <ul className="flex gap-2 whitespace-nowrap">
        {tabs.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              aria-current={t.current ? 'page' : undefined}
              className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${t.current ? 'border-brand-dark bg-brand-dark text-white' : 'border-linen bg-white text-ink hover:bg-sand'}`}
            >
              {t.text}
              {t.count !== undefined && <span className="opacity-80"> ({t.count})</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A GET search form: the query box, hidden fields that keep the rest of the address, and what else it filters by. */
export function ListSearch({
  name = 'q',
  label,
  value,
  placeholder,
  keep = {},
  button = 'Search',
  visibleLabel = false,
  children,
}: {
  name?: string;
  label: string;
  value: string;
  placeholder?: string;
  keep?: Record<string, string | undefined>;
  button?: string;
  visibleLabel?: boolean;
  children?: React.ReactNode;
}) {
  const id = `list-search-${name}`;
  return (
    <Form method="get" role="search" className="mb-5 space-y-3">
      {Object.entries(keep).map(([k, v]) => v && <input key={k} type="hidden" name={k} value={v} />)}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label className={visibleLabel ? 'block text-sm font-semibold text-ink' : 'sr-only'} htmlFor={id}>
            {label}
          </label>
          <input
            id={id}
            name={name}
            type="search"
            defaultValue={value}
            placeholder={placeholder}
            className="mt-1 block w-full min-w-0 rounded-full border border-linen bg-white px-4 py-2.5 text-ink"
          />
        </div>
        <button type="submit" className={buttonClass.dark}>
          {button}
        </button>
      </div>
      {children}
    </Form>
  );
}

/** Filters folded under a summary (open while any is set), with Apply and Clear. */
export function ListFilters({
  title,
  open,
  clear,
  children,
}: {
  title: string;
  open: boolean;
  clear: string;
  children: React.ReactNode;
}) {
  return (
    <details open={open} className="rounded-2xl border border-linen bg-white p-3">
      <summary className="cursor-pointer font-semibold text-ink">{title}</summary>
      {children}
      <div className="mt-3 flex gap-2">
        <button type="submit" className={buttonClass.plain}>
          Apply
        </button>
        <Link to={clear} className={buttonClass.plain}>
          Clear
        </Link>
      </div>
    </details>
  );
}

/** Paging links (keyset or numbered), with an optional line saying where the reader is. */
export function ListPager({
  back,
  forward,
  where,
}: {
  back?: { to: string; text: string } | null;
  forward?: { to: string; text: string } | null;
  where?: string;
}) {
  if (!back && !forward && !where) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      {back ? (
        <Link to={back.to} className={buttonClass.plain}>
          {back.text}
        </Link>
      ) : (
        <span />
      )}
      {where && <span className="text-sm text-muted">{where}</span>}
      {forward ? (
        <Link to={forward.to} className={buttonClass.plain}>
          {forward.text}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The form the ticks join: what to do with the ticked rows. */
export function BulkActions({
  id,
  action,
  method = 'post',
  label,
  actions,
}: {
  id: string;
  action: string;
  method?: 'get' | 'post';
  label: string;
  actions: { name?: string; value: string; text: string }[];
}) {
  return (
    <form id={id} method={method} action={action} className="mb-3 flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted">{label}</span>
      {actions.map((a) => (
        <button key={a.value} type="submit" name={a.name ?? 'do'} value={a.value} className={buttonClass.plain}>
          {a.text}
        </button>
      ))}
    </form>
  );
}
