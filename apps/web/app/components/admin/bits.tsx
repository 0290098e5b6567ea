import { Link } from 'react-router';
import { buttonClass } from './ui';

/** Small shared pieces of the returns, shoppers and enquiries pages. */

export const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';
export const labelClass = 'block text-sm font-semibold text-ink';

/** Filter tabs as links (they work without scripts); the current one is marked for screen readers. */
export function Tabs({ label, tabs }: { label: string; tabs: { to: string; text: string; current: boolean }[] }) {
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
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A list of cards, one column on a phone, two from 1024 px; a plain sentence when empty. */
export function CardList<T>({
  items,
  empty,
  children,
}: {
  items: T[];
  empty: string;
  children: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return <p className="rounded-2xl border border-linen bg-white p-6 text-muted">{empty}</p>;
  return <ul className="grid gap-3 lg:grid-cols-2">{items.map((item) => children(item))}</ul>;
}

export const cardClass = 'block h-full rounded-2xl border border-linen bg-white p-4 shadow-xs hover:border-muted/50';

/** 'Older' for keyset pages: the query as it is, with `before_id` moved on. */
export function Older({ next, params }: { next: number | null; params: Record<string, string | undefined> }) {
  if (!next) return null;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...params, before_id: String(next) })) if (v) q.set(k, v);
  return (
    <p className="mt-4">
      <Link to={`?${q.toString()}`} className={buttonClass.secondary}>
        Older
      </Link>
    </p>
  );
}

/** Facts as label and value, stacked on a phone. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-semibold break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A one-line excerpt of a message. */
export const excerpt = (text: string, n = 140) => (text.length > n ? `${text.slice(0, n)}…` : text);
