import { isRouteErrorResponse } from 'react-router';

/** The HTTP status a loader's thrown value carries (`data(...)`, a route error or a Response). */
export function thrownStatus(err: unknown): number | undefined {
  if (err && typeof err === 'object' && (err as { type?: unknown }).type === 'DataWithResponseInit') {
    return (err as { init?: ResponseInit | null }).init?.status;
  }
  if (isRouteErrorResponse(err) || err instanceof Response) return err.status;
  return undefined;
}

/** The API refused the address (a malformed slug or id): for a page, that is 'not found'. */
export const isBadRequest = (err: unknown) => thrownStatus(err) === 400;
