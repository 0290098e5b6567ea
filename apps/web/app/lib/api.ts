import { TOKEN_KEY } from './config';

/** An error answer of the API: its status, summary and one sentence per problem. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string[],
    /** A 401 for a token that was sent: the session rules (auth.tsx) have already told the shopper. */
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
  /** Send the stored bearer token (default true in the browser when one is stored). */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Listeners for a 401 on an authenticated call (the session rules of spec §6 live in auth.tsx). */
export interface UnauthorizedCall {
  path: string;
  method: string;
}
const unauthorizedListeners = new Set<(call: UnauthorizedCall) => void>();
export function onUnauthorized(listener: (call: UnauthorizedCall) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function storedToken(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Calls the API from the browser: JSON in and out, errors as ApiError. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = options.auth === false ? null : storedToken();
  let res: Response;
  try {
    res = await fetch(`/api/v1${path}`, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
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
    const error = new ApiError(
      res.status,
      body.message ?? `Request failed (${res.status})`,
      body.errors ?? [],
      res.status === 401 && token !== null,
    );
    if (res.status === 401 && token) {
      for (const listener of unauthorizedListeners) listener({ path, method: options.method ?? 'GET' });
    }
    throw error;
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
