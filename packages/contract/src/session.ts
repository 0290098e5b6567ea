/**
 * The storefront's session cookie (docs/product.md#screens, docs/decisions/0007): the
 * same opaque token the API hands bearer clients, in an HttpOnly,
 * SameSite=Lax cookie. Both apps read and write it through these functions.
 */

/**
 * Over https the `__Host-` prefix makes the browser refuse the cookie unless it
 * is Secure, for the whole site and from this host only: a sibling subdomain
 * cannot plant a session of its own.
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-session' : 'session');

/** The value of one cookie of a `Cookie` header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}

export interface CookieOptions {
  secure: boolean;
  /** Seconds the browser keeps it; absent: until the browser session ends. */
  maxAge?: number;
}

/** A `Set-Cookie` value with the shop's attributes: HttpOnly, SameSite=Lax, the whole site, Secure over https. */
export function serializeCookie(name: string, value: string, { secure, maxAge }: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAge))}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The session token the browser sent, if any (shaped as the API issues them). */
export function sessionTokenOf(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const token = readCookie(cookieHeader, sessionCookieName(secure));
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/**
 * The cookie that signs the browser in. `expiresAt` set ('Remember Me'): kept
 * until the session expires; absent: gone when the browser closes.
 */
export function sessionCookie(token: string, { secure, expiresAt }: { secure: boolean; expiresAt?: Date }): string {
  const maxAge = expiresAt ? (expiresAt.getTime() - Date.now()) / 1000 : undefined;
  return serializeCookie(sessionCookieName(secure), token, { secure, maxAge });
}

export const endSessionCookie = (secure: boolean) =>
  serializeCookie(sessionCookieName(secure), '', { secure, maxAge: 0 });

/**
 * The back office's own cookie (docs/decisions/0009): a shopper's session never
 * opens /admin, and signing in there does not sign the shopper in.
 */
export const adminCookieName = (secure: boolean) => (secure ? '__Host-admin_session' : 'admin_session');

/** The back-office session token the browser sent, if any. */
export function adminTokenOf(cookieHeader: string | null | undefined, secure: boolean): string | null {
  const token = readCookie(cookieHeader, adminCookieName(secure));
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : null;
}

/** The back-office cookie: until the browser closes; the server ends it after 12 idle hours. */
export const adminSessionCookie = (token: string, secure: boolean) =>
  serializeCookie(adminCookieName(secure), token, { secure });

export const endAdminSessionCookie = (secure: boolean) =>
  serializeCookie(adminCookieName(secure), '', { secure, maxAge: 0 });
