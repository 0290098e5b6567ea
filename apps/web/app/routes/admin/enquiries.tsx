import { ADMIN_ROUTES } from '@shop/contract';
import { Older, Tabs } from '~/components/admin/bits';
import { EnquiryList } from '~/components/admin/enquiry-list';
import { PageTitle } from '~/components/admin/ui';
import { adminLoadList } from '~/lib/admin.server';
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
  const page = await adminLoadList(args, ADMIN_ROUTES['admin.enquiries.list'], new URLSearchParams(params));
  return { page, status: params.status!, kind: params.kind ?? '' };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { page, status, kind } = loaderData;
  const to = (s: string, k: string) => `?${new URLSearchParams(k ? { status: s, kind: k } : { status: s }).toString()}`;
  return (
    <>
      <PageTitle>Enquiries</PageTitle>
      <Tabs
        label="Enquiry status"
        tabs={STATUSES.map((s) => ({
          to: to(s, kind),
          text: `${s[0]!.toUpperCase()}${s.slice(1)} (${page.counts[s] ?? 0})`,
          current: status === s,
        }))}
      />
      <Tabs label="Enquiry kind" tabs={KINDS.map(([k, text]) => ({ to: to(status, k), text, current: kind === k }))} />
      <EnquiryList enquiries={page.data} />
      <Older next={page.next_before_id} params={{ status, kind }} />
    </>
  );
}
