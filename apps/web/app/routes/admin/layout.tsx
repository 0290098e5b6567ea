import { Outlet, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import { AdminShell } from '~/components/admin/admin-nav';
import { requireStaff } from '~/lib/admin.server';
import type { Route } from './+types/layout';

/** Every back-office page: never indexed, never cached by a shared cache. */
export const meta = () => [{ name: 'robots', content: 'noindex, nofollow' }];
export const headers = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

/** The back office's frame (docs/back-office.md): a live back-office session, or the sign-in page. */
export async function loader(args: Route.LoaderArgs) {
  return { me: await requireStaff(args) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell me={loaderData.me}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    status === 403
      ? 'Your role does not allow this page.'
      : status === 404
        ? 'There is nothing at this address.'
        : 'Something went wrong. Please try again in a moment.';
  const body = (
    <div className="py-16 text-center">
      <title>{`${status} | Back office`}</title>
      <h1 className="text-2xl">
        {status === 403 ? 'Not allowed' : status === 404 ? 'Not found' : 'Something went wrong'}
      </h1>
      <p className="mt-3 text-muted">{text}</p>
    </div>
  );
  return data ? <AdminShell me={data.me}>{body}</AdminShell> : <main className="mx-auto max-w-xl px-4">{body}</main>;
}
