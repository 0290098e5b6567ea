import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { SHOPPER_DATA_ID, scriptSafeJson, sessionCookieName, sessionTokenOf, type User } from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { PRIVATE_NO_STORE } from '../../lib/http-cache';
import { sessionUserWith } from '../accounts/session.service';
import { cartShapeOf } from '../cart/cart.service';
import { wishlistShapeOf } from '../wishlist/wishlist.service';

/**
 * Signed-in pages from a kept page (docs/decisions/0010-page-cache.md
 * 'Signed-in shoppers'). A page shows of its shopper only that someone is
 * signed in (or a guest), their cart's lines and their wishlist's hearts: so
 * it is kept under those, rendered once with a placeholder for who is signed
 * in, and each shopper is given it with their own account filled into the
 * page's data block, which the page reads when its scripts start.
 */

/** Cookies the shop never reads (Google Analytics' own) and the analytics answer, which picks the page's version. */
const HARMLESS_COOKIE = /^(?:_ga|_gid|_gat|_gcl|analytics_consent$)/;

/**
 * The session token of a request whose only cookie of the shop's is the
 * session (no message left for the next page, no discount code, no other
 * cookie), or null: anything else is rendered for the request alone.
 */
export function sessionOnly(headers: IncomingHttpHeaders, secure: boolean): string | null {
  if (headers.authorization || !headers.cookie) return null;
  const session = sessionCookieName(secure);
  const others = headers.cookie.split(';').some((pair) => {
    const name = pair.split('=', 1)[0]!.trim();
    return name !== '' && name !== session && !HARMLESS_COOKIE.test(name);
  });
  return others ? null : sessionTokenOf(headers.cookie, secure);
}

export interface Shopper {
  /** The signed-in account (null for a guest, who has a cart but is not signed in). */
  user: User | null;
  /** What the page shows of them: signed in or a guest, the cart's lines, the wishlist's variants. */
  key: string;
}

/** The session's user with their cart's and wishlist's shapes: one prepared statement. */
const sessionShopper = sessionUserWith('shopper_of_token_hash', (userId) => ({
  cart: cartShapeOf(userId).as('cart'),
  wishlist: wishlistShapeOf(userId).as('wishlist'),
}));

/** Who the session is and what a page shows of them, or null for a session that has ended. */
export async function shopperOf(ctx: AppContext, token: string): Promise<Shopper | null> {
  const found = await sessionShopper(ctx.db, token);
  if (!found) return null;
  const { user: buyer, cart, wishlist } = found;
  const lines = cart.map(([variant, quantity]) => `${variant}x${quantity}`).join('.');
  return {
    user: buyer.guest ? null : buyer,
    key: `#me=${buyer.guest ? 'guest' : 'account'};cart=${lines};wish=${wishlist.join('.')}`,
  };
}

/** A page kept for shoppers: cut where each one's data block goes, its first part compressed once. */
export interface SharedPage {
  headers: Record<string, string>;
  /** Up to `</body>`, raw deflate ending in a full flush: any deflate stream may follow it. */
  headDeflated: Buffer;
  headCrc: number;
  headLength: number;
  head: Buffer;
  /** From `</body>` on. */
  tail: Buffer;
  size: number;
}

export function sharedPageOf(headers: Record<string, string>, html: Buffer): SharedPage | null {
  const at = html.lastIndexOf('</body>');
  if (at === -1) return null;
  const head = html.subarray(0, at);
  const tail = html.subarray(at);
  const headDeflated = zlib.deflateRawSync(head, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const size = head.length + tail.length + headDeflated.length + 512;
  return { headers, headDeflated, headCrc: zlib.crc32(head), headLength: head.length, head, tail, size };
}

/**
 * `bytes` as deflate's stored blocks (kept as they are, no compressing: a few
 * hundred bytes, not worth a zlib stream per answer), the last one final. The
 * kept part ends in a full flush, so they start on a byte.
 */
export function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; ; at += 0xffff) {
    const part = bytes.subarray(at, at + 0xffff);
    const last = at + 0xffff >= bytes.length;
    const header = Buffer.alloc(5);
    header[0] = last ? 1 : 0; // BFINAL, then BTYPE 00: stored
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(header, part);
    if (last) return blocks;
  }
}

/** The gzip member's header: deflate, no name, no time, from Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * A kept page with this shopper's data block, gzipped without compressing
 * the page again: its first part's deflate (kept), then the block and the
 * rest as stored blocks, then the checksum carried on from the first part's. `state` says whether
 * the page was kept already or rendered for this request (`x-page-cache`).
 */
export function sendSharedPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: SharedPage,
  user: User | null,
  state: 'shared-hit' | 'shared-miss',
) {
  const block = Buffer.from(
    `<script type="application/json" id="${SHOPPER_DATA_ID}">${scriptSafeJson(user)}</script>`,
    'utf8',
  );
  const rest = Buffer.concat([block, page.tail]);
  reply
    .headers(page.headers)
    .header('cache-control', PRIVATE_NO_STORE)
    .header('vary', 'Accept-Encoding, Cookie')
    .header('x-page-cache', state);
  if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.send(Buffer.concat([page.head, rest]));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(rest, page.headCrc) >>> 0, 0);
  trailer.writeUInt32LE((page.headLength + rest.length) >>> 0, 4);
  const body = Buffer.concat([GZIP_HEADER, page.headDeflated, ...storedBlocks(rest), trailer]);
  return reply.header('content-encoding', 'gzip').send(body);
}
