import { ADMIN_ROUTES, BACK_IN_STOCK_DAYS } from '@shop/contract';
import { Link } from 'react-router';
import { ListPager } from '~/components/admin/list-controls';
import { adminMeta } from '~/components/admin/meta';
import { WaitingList } from '~/components/admin/waiting-list';
import { PageTitle } from '~/components/ui/page-title';
import { read } from '~/lib/call.server';
import type { Route } from './+types/back-in-stock';

export const meta = () => adminMeta('Back in stock');

/** The waiting list (docs/back-office.md 'Back in stock'): sizes shoppers wait for, most waiting first. */
export async function loader(args: Route.LoaderArgs) {
  const page = new URL(args.request.url).searchParams.get('page') ?? '1';
  const list = await read(args, ADMIN_ROUTES['admin.backInStock.list'], undefined, {
    rawQuery: new URLSearchParams({ page }),
  });
  return { list };
}

export default function BackInStock({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const page = (n: number) => `?page=${n}`;
  return (
    <>
      <PageTitle>Back in stock</PageTitle>
      <p className="mb-4 max-w-prose text-muted">
        Sizes shoppers asked to be told about, most waiting first. Raise a size&apos;s stock from 0 (in{' '}
        <Link to="/admin/stock?stock=out" className="underline">
          Stock
        </Link>{' '}
        or on the product) and each of them gets one mail; a request not told within {BACK_IN_STOCK_DAYS} days lapses.
      </p>
      <WaitingList rows={list.data} empty="Nobody is waiting for a size to come back." />
      {list.pages > 1 && (
        <ListPager
          back={list.page > 1 ? { to: page(list.page - 1), text: 'Previous page' } : null}
          where={`Page ${list.page} of ${list.pages}`}
          forward={list.page < list.pages ? { to: page(list.page + 1), text: 'Next page' } : null}
        />
      )}
    </>
  );
}
