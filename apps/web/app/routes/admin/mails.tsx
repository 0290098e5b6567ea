import { ADMIN_ROUTES } from '@shop/contract';
import { Link } from 'react-router';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import type { Route } from './+types/mails';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Mails | Back office' }];

/** Every mail the shop sends, with sample data (docs/back-office.md 'Mails'); one shown at a time. */
export async function loader(args: Route.LoaderArgs) {
  const { data } = await read(args, ADMIN_ROUTES['admin.mails.previews']);
  const asked = new URL(args.request.url).searchParams.get('mail');
  const shown = data.find((m) => m.key === asked) ?? data[0]!;
  return { mails: data.map(({ key, title }) => ({ key, title })), shown };
}

export default function Mails({ loaderData }: Route.ComponentProps) {
  const { mails, shown } = loaderData;
  return (
    <>
      <PageTitle>Mails</PageTitle>
      <p className="mb-4 text-muted">
        What shoppers and staff receive, with made-up data. Each mail has an HTML part and a plain-text part with the
        same words.
      </p>
      <div className="gap-5 lg:flex">
        <nav aria-label="Mails" className="mb-5 lg:w-64 lg:shrink-0">
          <ul className="flex gap-2 overflow-x-auto pb-2 lg:block lg:space-y-1 lg:overflow-visible">
            {mails.map((m) => (
              <li key={m.key} className="shrink-0">
                <Link
                  to={`?mail=${m.key}`}
                  aria-current={m.key === shown.key ? 'page' : undefined}
                  className={`block rounded-xl border px-3 py-2 text-sm font-semibold ${m.key === shown.key ? 'border-brand-dark bg-brand-dark text-white' : 'border-linen bg-white text-ink hover:bg-sand'}`}
                >
                  {m.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1 space-y-5">
          <Card title={shown.title}>
            <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="font-semibold text-muted">To</dt>
              <dd className="break-all text-ink">{shown.to}</dd>
              <dt className="font-semibold text-muted">Subject</dt>
              <dd className="text-ink">{shown.subject}</dd>
            </dl>
            {/* sandbox="": the preview runs no script and cannot navigate this page. */}
            <iframe
              title={`HTML part of “${shown.subject}”`}
              srcDoc={shown.html}
              sandbox=""
              className="h-[40rem] w-full rounded-xl border border-linen bg-cream"
            />
          </Card>
          <Card title="Plain-text part">
            <pre className="text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-ink">{shown.text}</pre>
          </Card>
        </div>
      </div>
    </>
  );
}
