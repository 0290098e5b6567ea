import {
  adminTokenOf,
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
import type { AppLoadContext } from 'react-router';

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

/** The back office's session token, from its own HttpOnly cookie (docs/decisions/0009). */
export const adminToken = ({ request, context }: Args) =>
  adminTokenOf(request.headers.get('cookie'), shopContext(context).secureCookies);

/**
 * What a call of the endpoint table (packages/contract/src/endpoints/) is
 * given after its entry (`ROUTES['cart.get']`): its params, query and body
 * when it has them (optional when it needs none), then how to send it.
 */
export type EndpointArgs<R extends EndpointRoute, Init = CallInit> =
  object extends EndpointInput<EndpointNameOf<R>>
    ? [input?: EndpointInput<EndpointNameOf<R>>, init?: Init]
    : [input: EndpointInput<EndpointNameOf<R>>, init?: Init];

/** The answer of the call of a ROUTES entry. */
export type AnswerOf<R extends EndpointRoute> = EndpointAnswer<EndpointNameOf<R>>;

/** How a call goes besides its input. */
export interface CallInit {
  headers?: Record<string, string>;
  /** Without any session, whoever is signed in. */
  anonymous?: boolean;
  /** A list page's own query, passed on as written (the API checks it; a bad one is the page's 404). */
  rawQuery?: URLSearchParams;
  /** A file a form posted, sent as the body's bytes with its own type (pictures, a zip of them). */
  file?: File;
}

/** Who is calling: a loader's or an action's arguments (`request` for the caller's own cookies). */
export interface CallArgs {
  request?: Request;
  context: AppLoadContext | undefined;
}

/**
 * The credential a call carries, from its entry's audience: the back
 * office's session for staff calls, the shopper's for the others (riding as
 * a bearer token in process: the page's own Origin check, web.routes.ts, has
 * already vouched for the request), none when asked to be anonymous.
 */
function credential({ request, context }: CallArgs, route: EndpointRoute, init: CallInit): string | null {
  if (init.anonymous || !request) return null;
  const args = { request, context: context ?? {} };
  return route.auth === 'staff' ? adminToken(args) : sessionToken(args);
}

/**
 * The one way the web calls the API: an entry of the endpoint table, its
 * input, in process, with the caller's credential. The raw answer, for the
 * few callers that read it themselves; loaders and actions use `read`,
 * `find` and `call` (call.server.ts), which say what its failures mean.
 */
export async function send<R extends EndpointRoute>(
  args: CallArgs,
  route: R,
  ...[input, init = {}]: EndpointArgs<R>
): Promise<Response> {
  const token = credential(args, route, init);
  const path = init.rawQuery
    ? endpointPath(route, { ...input, query: Object.fromEntries(init.rawQuery) })
    : endpointPath(route, input);
  const body = init.file
    ? new Uint8Array(await init.file.arrayBuffer())
    : input?.body === undefined
      ? undefined
      : JSON.stringify(input.body);
  return shopContext(args.context).api(`/api/v1${path}`, {
    method: route.method,
    headers: {
      ...(init.file
        ? { 'content-type': init.file.type || 'application/octet-stream' }
        : body === undefined
          ? {}
          : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    ...(body === undefined ? {} : { body }),
  });
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
