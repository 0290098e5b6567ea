import { inches, type SizeGuide } from '@shop/contract/lite';

/** A size guide's table, centimetres and inches side by side; `highlight` marks the size on show. */
export function SizeTable({ guide, highlight }: { guide: SizeGuide; highlight?: string }) {
  return (
    // Scrolls sideways on a narrow screen, so it takes the keyboard's focus too.
    <div
      role="region"
      aria-label={`${guide.title} sizes`}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-linen bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{guide.title}: the child&rsquo;s measurements by size, in cm and inches</caption>
        <thead className="bg-sand/60 text-xs tracking-wide text-ink uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Size
            </th>
            {guide.columns.map((c) => (
              <th key={c.key} scope="col" className="px-4 py-3">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-linen">
          {guide.rows.map((row) => (
            <tr key={row.size} className={row.size === highlight ? 'bg-brand-soft/60 font-semibold' : undefined}>
              <th scope="row" className="px-3 py-2.5 font-semibold whitespace-nowrap text-ink sm:px-4">
                {row.size}
              </th>
              {guide.columns.map((c) => {
                const cm = row.cm[c.key] ?? 0;
                return (
                  <td key={c.key} className="px-3 py-2.5 whitespace-nowrap text-ink/85 sm:px-4">
                    {cm} cm <span className="block text-muted sm:inline">/ {inches(cm)} in</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SizeNotes({ guide }: { guide: SizeGuide }) {
  return (
    <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-muted">
      {guide.notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
