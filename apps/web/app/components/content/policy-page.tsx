import { Link } from 'react-router';

/** When the policy texts last changed (shown on every policy page). */
export const POLICIES_UPDATED = { iso: '2026-11-21', label: '21 November 2026' };

export const POLICY_PAGES = [
  { to: '/shipping-policy', title: 'Shipping Policy', blurb: 'Dispatch times, delivery and shipping rates.' },
  {
    to: '/cancellation-and-refunds',
    title: 'Cancellation & Refunds',
    blurb: 'Cancelling an order, returns, exchanges and refunds.',
  },
  { to: '/terms-and-conditions', title: 'Terms & Conditions', blurb: 'Orders, prices, payments and your data.' },
  { to: '/privacy-policy', title: 'Privacy Policy', blurb: 'What we keep about you, why, for how long, your rights.' },
  { to: '/about-the-seller', title: 'About the Seller', blurb: 'Who sells to you, and our grievance officer.' },
] as const;

/** Text styles for the body of a policy or story page (readable line length comes from the wrapper). */
export const proseClass =
  'text-[1.0625rem] leading-relaxed text-ink/90 ' +
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-5 ' +
  '[&_li]:pl-1 [&_li::marker]:text-brand [&_strong]:font-semibold [&_strong]:text-ink ' +
  '[&_a]:font-semibold [&_a]:text-brand-dark [&_a]:underline [&_a]:decoration-brand/30 [&_a]:underline-offset-4 [&_a:hover]:decoration-brand-dark';

export interface Highlight {
  label: string;
  value: string;
}

interface PolicyPageProps {
  title: string;
  intro: React.ReactNode;
  /** Sections for the 'On this page' list: the ids of the <PolicySection>s below. */
  sections: { id: string; title: string }[];
  /** A few facts at a glance, shown above the text. */
  highlights?: Highlight[];
  /** The page's own path, left out of the related links. */
  path: string;
  children: React.ReactNode;
}

export function PolicyPage({ title, intro, sections, highlights, path, children }: PolicyPageProps) {
  return (
    <div className="container-shop py-10 sm:py-16">
      <header className="max-w-3xl">
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <ol className="flex flex-wrap items-center gap-2">
            <li>
              <Link to="/" className="hover:text-brand-dark hover:underline">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="text-ink">
              {title}
            </li>
          </ol>
        </nav>
        <h1 className="mt-4 text-4xl leading-tight text-balance text-ink sm:text-5xl">{title}</h1>
        <div className="mt-4 max-w-prose text-lg leading-relaxed text-muted">{intro}</div>
        <p className="mt-4 text-sm text-muted">
          Last updated <time dateTime={POLICIES_UPDATED.iso}>{POLICIES_UPDATED.label}</time>
        </p>
      </header>

      {highlights && (
        <dl className="mt-8 grid max-w-4xl grid-cols-2 gap-3 lg:grid-cols-4">
          {highlights.map((h) => (
            <div key={h.label} className="rounded-2xl border border-linen bg-white/70 px-4 py-3 sm:px-5 sm:py-4">
              <dt className="text-[0.7rem] font-bold tracking-widest text-muted uppercase sm:text-xs">{h.label}</dt>
              <dd className="mt-1 font-display text-lg leading-snug text-brand-dark sm:text-xl">{h.value}</dd>
            </div>
          ))}
        </dl>
      )}

      <div className="mt-10 lg:mt-14 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="On this page" className="mb-10 lg:mb-0">
          <div className="rounded-2xl bg-sand/70 p-5 lg:sticky lg:top-24 lg:bg-transparent lg:p-0">
            <p className="text-xs font-bold tracking-widest text-muted uppercase">On this page</p>
            <ul className="mt-3 space-y-2 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-ink/80 hover:text-brand-dark hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="max-w-prose">
          <div className={proseClass}>{children}</div>

          <aside className="mt-14 rounded-2xl border border-linen bg-white/70 p-6">
            <h2 className="text-xl text-ink">Questions?</h2>
            <p className="mt-2 text-muted">
              We are happy to help before and after you order.{' '}
              <Link
                to="/contact"
                className="font-semibold text-brand-dark underline decoration-brand/30 underline-offset-4"
              >
                Write to us
              </Link>{' '}
              and we will reply within one working day.
            </p>
          </aside>
        </div>
      </div>

      <nav aria-label="Other policies" className="mt-16 border-t border-linen pt-10">
        <h2 className="text-2xl text-ink">Other policies</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {POLICY_PAGES.filter((p) => p.to !== path).map((p) => (
            <li key={p.to}>
              <Link
                to={p.to}
                className="group flex h-full items-center justify-between gap-4 rounded-2xl border border-linen bg-white/70 p-5 transition-colors hover:border-brand/40 hover:bg-white"
              >
                <span>
                  <span className="block font-display text-lg text-ink group-hover:text-brand-dark">{p.title}</span>
                  <span className="mt-1 block text-sm text-muted">{p.blurb}</span>
                </span>
                <span aria-hidden="true" className="text-xl text-brand transition-transform group-hover:translate-x-1">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

export function PolicySection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-24 first:mt-0">
      <h2 id={`${id}-title`} className="text-2xl leading-snug text-ink sm:text-[1.75rem]">
        {title}
      </h2>
      {children}
    </section>
  );
}
