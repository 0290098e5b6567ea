import { Link } from 'react-router';

export interface Crumb {
  name: string;
  /** Path of the crumb; the last crumb (this page) has none. */
  to?: string;
}

/** A visible breadcrumb trail (Home › … › this page); its JSON-LD twin comes from `breadcrumbLd`. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex items-center gap-2 whitespace-nowrap">
        {items.map((c, i) => (
          <li key={`${c.name}-${i}`} className={`flex items-center gap-2 ${c.to ? 'shrink-0' : 'min-w-0'}`}>
            {i > 0 && (
              <span aria-hidden="true" className="text-linen">
                /
              </span>
            )}
            {c.to ? (
              <Link to={c.to} className="rounded hover:text-brand-dark hover:underline">
                {c.name}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-semibold text-ink">
                {c.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Crumbs as absolute [name, url] pairs for `breadcrumbLd`. */
export const crumbsLd = (origin: string, items: Crumb[], here: string): [string, string][] =>
  items.map((c) => [c.name, `${origin}${c.to ?? here}`]);
