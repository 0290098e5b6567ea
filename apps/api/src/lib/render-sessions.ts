import { randomUUID } from 'node:crypto';
import type { User } from '@shop/contract';

/**
 * One session lookup per rendered page. A signed-in page asks the API in
 * process several times (who is signed in, their cart, their wishlist), and
 * each call checked the session against the database again. The storefront
 * opens a render (web.routes.ts) and sends its id with each in-process call
 * (RENDER_HEADER); the calls of one render then share the answer for a token.
 *
 * Sound because the answer is keyed by the token itself: whoever sends a
 * render id (even one guessed from outside, while the render runs) gets
 * what a lookup of their own token gives. Only reads share it: any other
 * call of the render (an action signing out, changing a password) forgets
 * the render's answers first, so what the page's loaders see after it is
 * looked up afresh.
 */
export const RENDER_HEADER = 'x-shop-render';

const renders = new Map<string, Map<string, Promise<User | null>>>();

export function openRender(): { id: string; close(): void } {
  const id = randomUUID();
  renders.set(id, new Map());
  return { id, close: () => renders.delete(id) };
}

export function sessionOfRender(
  renderId: string | string[] | undefined,
  method: string,
  token: string,
  lookup: () => Promise<User | null>,
): Promise<User | null> {
  const answers = typeof renderId === 'string' ? renders.get(renderId) : undefined;
  if (!answers) return lookup();
  if (method !== 'GET' && method !== 'HEAD') {
    answers.clear();
    return lookup();
  }
  let answer = answers.get(token);
  if (!answer) {
    answer = lookup();
    answers.set(token, answer);
    answer.catch(() => answers.delete(token));
  }
  return answer;
}
