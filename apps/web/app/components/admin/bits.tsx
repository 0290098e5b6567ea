/** Small shared pieces of the back office's pages (lists are components/admin/data-table.tsx and list-controls.tsx). */

export const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';
export const labelClass = 'block text-sm font-semibold text-ink';

/** Facts as label and value, stacked on a phone. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="font-semibold break-words [overflow-wrap:anywhere] text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A one-line excerpt of a message. */
export const excerpt = (text: string, n = 140) => (text.length > n ? `${text.slice(0, n)}…` : text);
