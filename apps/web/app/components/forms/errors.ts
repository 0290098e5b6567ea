import { MESSAGES } from '@shop/contract/lite';
import { ApiError } from '~/lib/api';

/**
 * The server's own words for a failed call (the first of `errors`), or the
 * fallback when there are none worth showing (a bare 5xx, a non-API error).
 * A network failure keeps api()'s 'Could not reach the shop' sentence.
 */
export function serverText(err: unknown, fallback: string = MESSAGES.serverError): string {
  if (!(err instanceof ApiError)) return fallback;
  if (err.status >= 500 && err.errors.length === 0) return fallback;
  return err.firstError;
}

/** Every reason the server gave, as one sentence list (for a 400 with several problems). */
export function allServerErrors(err: ApiError): string {
  return err.errors.length > 1 ? err.errors.join(' · ') : err.firstError;
}

export const isStatus = (err: unknown, ...statuses: number[]): err is ApiError =>
  err instanceof ApiError && statuses.includes(err.status);
