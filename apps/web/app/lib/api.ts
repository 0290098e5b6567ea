// Types only: zod and the schemas stay out of the browser's bundle (packages/contract/src/lite.test.ts).
import type { EndpointAnswer, EndpointInput } from '@shop/contract';
import { endpointPath, type EndpointNameOf, type EndpointRoute } from '@shop/contract/lite';

/** An error answer of the API: its status, summary and one sentence per problem. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[],
    /** A 401 that ended the shopper's session: the session rules (auth.tsx) have already told them. */
    readonly sessionEnded = false,
  ) {
    super(message);
  }
  /** What a toast shows: the first reason, or the summary. */
  get firstError(): string {
    return this.errors[0] ?? this.message;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A call's input (params, query, body as its entry has them) and how to send it. */
export type ApiCall<R extends EndpointRoute> = EndpointInput<EndpointNameOf<R>> &
  Pick<ApiOptions, 'headers' | 'signal'>;

/** Listeners for a 401 on an authenticated call (the session rules of docs/product.md#sessions live in auth.tsx). */
export interface UnauthorizedCall {
  path: string;
  method: string;
}
/** A listener answers whether the 401 ended a session (the shopper was signed in). */
type UnauthorizedListener = (call: UnauthorizedCall) => boolean;
const unauthorizedListeners = new Set<UnauthorizedListener>();
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Calls the API from the browser: JSON in and out, errors as ApiError. The
 * shopper's session goes along in its HttpOnly cookie (docs/product.md#screens); no
 * script can read it. Forms go through the pages' actions instead; this is
 * for what needs a script anyway (the payment, search suggestions).
 */
export function api<R extends EndpointRoute>(
  route: R,
  ...[call]: object extends EndpointInput<EndpointNameOf<R>> ? [call?: ApiCall<R>] : [call: ApiCall<R>]
): Promise<EndpointAnswer<EndpointNameOf<R>>> {
  return fetchJson<EndpointAnswer<EndpointNameOf<R>>>(endpointPath(route, call), {
    method: route.method,
    body: call?.body,
    headers: call?.headers,
    signal: call?.signal,
  });
}

async function fetchJson<T>(path: string, options: ApiOptions): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Could not reach the shop. Please check your connection.', [
      'Could not reach the shop. Please check your connection.',
    ]);
  }
  const text = await res.text();
  const json: unknown = text ? safeParse(text) : undefined;
  if (!res.ok) {
    const body = (json ?? {}) as { message?: string; errors?: string[] };
    let ended = false;
    if (res.status === 401) {
      for (const listener of unauthorizedListeners)
        ended = listener({ path, method: options.method ?? 'GET' }) || ended;
    }
    throw new ApiError(res.status, body.message ?? `Request failed (${res.status})`, body.errors ?? [], ended);
  }
  return json as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
