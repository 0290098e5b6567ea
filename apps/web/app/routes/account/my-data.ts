import { ROUTES } from '@shop/contract/lite';
import { requireUser, sessionEnded } from '~/lib/session.server';
import type { Route } from './+types/my-data';
import { send } from '~/lib/api.server';

/**
 * 'Download my data': the API's JSON attachment, passed through as it is
 * (a plain link, so it works without scripts).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const res = await send(args, ROUTES['accounts.export']);
  if (res.status === 401) throw await sessionEnded(args);
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  const disposition = res.headers.get('content-disposition');
  if (disposition) headers.set('content-disposition', disposition);
  return new Response(await res.text(), { status: res.status, headers });
}
