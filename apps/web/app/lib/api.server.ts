import {
  endpointPath,
  sessionTokenOf,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointNameOf,
  type EndpointRoute,
  type ErrorBody,
  type ErrorCode,
  type ErrorReason,
} from '@shop/contract';
import type { ApiFetch } from '@shop/contract/lite';
import { data, type AppLoadContext } from 'react-router';

/** What the shop server (apps/api/src/modules/web/web.routes.ts) puts in the load context. */
export interface ShopContext {
  api: ApiFetch;
  /** PUBLIC_URL is https: cookies are Secure. */
  secureCookies: boolean;
  /** Signs the storefront's short-lived cookies. */
  cookieSecret: string;
}

declare module 'react-router' {
  interface AppLoadContext {
    api?: ApiFetch;
    /** This response's Content-Security-Policy nonce (entry.server.tsx puts it on every script). */
    cspNonce?: string;
    secureCookies?: boolean;
    cookieSecret?: string;
  }
}

/** What every loader and action is given, as far as the API is concerned. */
export interface Args {
  request: Request;
  context: AppLoadContext;
}

const DEV_API = 'http://127.0.0.1:3000';

/**
 * The shop server's context, or `react-router dev`'s stand-in: the API over
 * HTTP on port 3000 and an insecure cookie key. A production build never
 * falls back (it would sign cookies with a known key).
 */
export function shopContext(context: AppLoadContext | undefined): ShopContext {
  if (context?.api && context.cookieSecret !== undefined) {
    return { api: context.api, secureCookies: context.secureCookies ?? false, cookieSecret: context.cookieSecret };
  }
  if (!import.meta.env.DEV) throw new Error('The storefront runs without the shop server: no API in the load context');
  return {
    api: (p, i) => fetch(`${DEV_API}${p}`, { method: i?.method, headers: i?.headers, body: i?.body }),
    secureCookies: false,
    cookieSecret: 'react-router dev only',
  };
}

/** The shopper's session token, from their HttpOnly cookie (docs/product.md#screens). */
export function sessionToken({ request, context }: Args): string | null {
  return sessionTokenOf(request.headers.get('cookie'), shopContext(context).secureCookies);
}

/** One call to the API; with `args.request`, as the shopper whose cookie came with it. */
export async function send(
  args: { request?: Request; context: AppLoadContext | undefined },
  path: string,
  init: ApiInit = {},
): Promise<Response> {
  const token =
    args.request && !init.anonymous ? sessionToken({ request: args.request, context: args.context ?? {} }) : null;
  return shopContext(args.context).api(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      // In process, the shopper's session rides as a bearer token: the page's own
      // Origin check (web.routes.ts) has already vouched for the request.
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

export interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  /** Without the shopper's session, whether or not they have one. */
  anonymous?: boolean;
}

/**
 * What a call of the endpoint table (packages/contract/src/endpoints.ts) is
 * given after its entry (`ROUTES['cart.get']`): its params, query and body
 * when it has them (optional when it needs none), then how to send it.
 */
export type EndpointArgs<R extends EndpointRoute, Init = object> =
  object extends EndpointInput<EndpointNameOf<R>>
    ? [input?: EndpointInput<EndpointNameOf<R>>, init?: Init]
    : [input: EndpointInput<EndpointNameOf<R>>, init?: Init];

/** The answer of the call of a ROUTES entry. */
export type AnswerOf<R extends EndpointRoute> = EndpointAnswer<EndpointNameOf<R>>;

/** How a call goes besides its input: extra headers, or without the shopper's session. */
export type CallInit = Pick<ApiInit, 'headers' | 'anonymous'>;

/** One call of the endpoint table: its path (params encoded, query built) and `send`'s init. */
export function endpointCall(
  route: EndpointRoute,
  input: { params?: unknown; query?: unknown; body?: unknown } | undefined,
  init: CallInit = {},
) {
  return { path: endpointPath(route, input), init: { ...init, method: route.method, body: input?.body } };
}

/** `send` for an entry of the table: the raw answer, for a caller that reads its status itself. */
export function sendTo<R extends EndpointRoute>(
  args: { request?: Request; context: AppLoadContext | undefined },
  route: R,
  ...[input, init]: EndpointArgs<R, CallInit>
): Promise<Response> {
  const call = endpointCall(route, input, init);
  return send(args, call.path, call.init);
}

/**
 * Calls a catalogue endpoint for a loader (anonymously: the answer is everyone's).
 * A 404 becomes the route's 404 (the error boundary shows the not-found page);
 * other failures are server errors.
 */
export async function load<R extends EndpointRoute>(
  context: AppLoadContext | undefined,
  route: R,
  ...[input]: EndpointArgs<R>
): Promise<AnswerOf<R>> {
  const { path, init } = endpointCall(route, input);
  return readAnswer<AnswerOf<R>>(await send({ context }, path, init), path);
}

/** The JSON of a successful answer; a 404 or 400 is the page's 404, anything else a failure. */
export async function readAnswer<T>(res: Response, path: string): Promise<T> {
  if (res.status === 404) throw data('Not found', { status: 404 });
  if (res.status === 400) throw data('Bad request', { status: 400 });
  if (!res.ok) throw new ApiFailure(path, res.status);
  return (await res.json()) as T;
}

/** A call the page cannot do without failed: `status` tells a 401 (the session ended) from the rest. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`API ${path} answered ${status}`);
  }
}

/** An answer of the API for an action: its data, or its status and the reasons it gave. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code?: ErrorCode; reason?: ErrorReason; message: string; errors: string[] };

/** Calls an endpoint as the shopper for an action; errors are results, not exceptions. */
export async function callApi<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...rest: EndpointArgs<R, CallInit>
): Promise<ApiResult<AnswerOf<R>>> {
  return apiResult<AnswerOf<R>>(await sendTo(args, route, ...rest));
}

/** An API answer as a result: its data, or its status and reasons. */
export async function apiResult<T>(res: Response): Promise<ApiResult<T>> {
  const json: unknown = await res.json().catch(() => undefined);
  if (res.ok) return { ok: true, status: res.status, data: json as T };
  const body = (json ?? {}) as Partial<ErrorBody>;
  return {
    ok: false,
    status: res.status,
    code: body.code,
    reason: body.reason,
    message: body.message ?? `Request failed (${res.status})`,
    errors: body.errors ?? [],
  };
}
