import { Link, useLocation } from 'react-router';

/** The pages to offer: the first, the last, and the neighbours of the current one, with gaps. */
export function pageWindow(current: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => wanted.add(p));
  if (current >= pages - 2) [pages - 1, pages - 2, pages - 3].forEach((p) => wanted.add(p));
  const list = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  list.forEach((p, i) => {
    if (i > 0 && p - list[i - 1]! > 1) out.push(p - list[i - 1]! === 2 ? p - 1 : 'gap');
    out.push(p);
  });
  return out;
}

const itemClass =
  'inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-semibold transition';

/**
 * Numbered pages with previous and next, as real links (?page=2) that work
 * without JavaScript and can be crawled. Other query values are kept.
 */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { pathname, search } = useLocation();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const q = new URLSearchParams(search);
    if (p <= 1) q.delete('page');
    else q.set('page', String(p));
    const qs = q.toString();
    return `${pathname}${qs ? `?${qs}` : ''}`;
  };
  const prev = page > 1 ? Math.min(page - 1, pages) : null;
  const next = page < pages ? page + 1 : null;
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {prev ? (
        <Link to={href(prev)} rel="prev" className={`${itemClass} text-brand-dark hover:bg-brand-soft`}>
          <span aria-hidden="true">←</span>
          <span className="ml-1">Previous</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={`${itemClass} text-muted/60`}>
          <span aria-hidden="true">←</span>
          <span className="ml-1">Previous</span>
        </span>
      )}
      <ol className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={`${itemClass} ${
                  p === page ? 'bg-ink text-cream' : 'border border-linen bg-white text-ink hover:border-brand'
                }`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {next ? (
        <Link to={href(next)} rel="next" className={`${itemClass} text-brand-dark hover:bg-brand-soft`}>
          <span className="mr-1">Next</span>
          <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span aria-disabled="true" className={`${itemClass} text-muted/60`}>
          <span className="mr-1">Next</span>
          <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
