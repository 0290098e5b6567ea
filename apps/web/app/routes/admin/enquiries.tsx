import { ADMIN_ROUTES } from '@shop/contract';
import { ListPager, ListTabs, olderLink } from '~/components/admin/list-controls';
import { EnquiryList } from '~/components/admin/enquiry-list';
import { PageTitle } from '~/components/ui/page-title';
import { read } from '~/lib/call.server';
import type { Route } from './+types/enquiries';

export const meta = () => [{ title: 'Enquiries | Back office' }];

const STATUSES = ['new', 'answered', 'closed'] as const;
const KINDS = [
  ['', 'Everything'],
  ['message', 'Messages'],
  ['return', 'Return requests'],
] as const;

/** The inbox (docs/back-office.md): contact messages and return requests by status. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const params: Record<string, string> = { status: url.searchParams.get('status') ?? 'new' };
  for (const key of ['kind', 'before_id']) {
    const value = url.searchParams.get(key);
    if (value) params[key] = value;
  }
  const page = await read(args, ADMIN_ROUTES['admin.enquiries.list'], undefined, {
    rawQuery: new URLSearchParams(params),
  });
  return { page, status: params.status!, kind: params.kind ?? '' };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { page, status, kind } = loaderData;
  const to = (s: string, k: string) => `?${new URLSearchParams(k ? { status: s, kind: k } : { status: s }).toString()}`;
  return (
    <>
      <PageTitle>Enquiries</PageTitle>
      <ListTabs
        label="Enquiry status"
        tabs={STATUSES.map((s) => ({
          to: to(s, kind),
          text: `${s[0]!.toUpperCase()}${s.slice(1)}`,
          count: page.counts[s] ?? 0,
          current: status === s,
        }))}
      />
      <ListTabs
        label="Enquiry kind"
        tabs={KINDS.map(([k, text]) => ({ to: to(status, k), text, current: kind === k }))}
      />
      <EnquiryList enquiries={page.data} />
      <ListPager forward={olderLink(page.next_before_id, { status, kind })} />
    </>
  );
}
