import { useRouteLoaderData } from 'react-router';
import { Card, PageTitle } from '~/components/admin/ui';
import type { loader as layoutLoader } from './layout';

export const meta = () => [{ title: 'Dashboard | Back office' }];

/** The back office's first page (docs/back-office.md). */
export default function Dashboard() {
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  return (
    <>
      <PageTitle>Hello{me?.user.name ? `, ${me.user.name}` : ''}</PageTitle>
      <Card title="Orders">
        <p className="text-muted">
          <a href="/admin/orders" className="font-semibold text-brand-dark underline underline-offset-4">
            See the orders
          </a>{' '}
          to pack, ship and deliver them.
        </p>
      </Card>
    </>
  );
}
