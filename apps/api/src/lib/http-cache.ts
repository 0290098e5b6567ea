import type { Env } from '../env';

/**
 * Caching headers for browsers, CDNs and proxies (docs/operations.md, "A CDN
 * or nginx in front"). What is the same for everyone (catalogue answers,
 * anonymous pages) may be kept by a shared cache for CDN_CACHE_SECONDS and
 * served a while longer as it refreshes; a browser revalidates every time
 * (max-age=0, with an ETag that makes that a 304). Anything signed in, or that
 * sets a cookie, is kept by nobody.
 */
export function publicCacheControl(env: Pick<Env, 'CDN_CACHE_SECONDS' | 'CDN_STALE_SECONDS'>): string {
  if (env.CDN_CACHE_SECONDS === 0) return 'public, max-age=0, must-revalidate';
  return `public, max-age=0, s-maxage=${env.CDN_CACHE_SECONDS}, stale-while-revalidate=${env.CDN_STALE_SECONDS}`;
}

export const PRIVATE_NO_STORE = 'private, no-store';

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  for (const tag of String(ifNoneMatch).split(',')) {
    const t = tag.trim();
    if (t === '*' || t.replace(/^W\//, '') === bare) return true;
  }
  return false;
}
