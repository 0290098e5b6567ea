import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent (a link's signature) is the expected one, in a
 * time that does not tell how much of it was right. Only the length may differ
 * quickly, and the expected length is no secret.
 */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
