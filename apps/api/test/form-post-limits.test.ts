import net, { type AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminCookieName, sessionCookieName } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type ShopApp } from '../src/app';
import { loadEnv } from '../src/env';
import { registerWeb } from '../src/modules/web/web.routes';
import { openTestDatabase } from './helpers';
import { peakGrowth } from './peak-memory';
import { signUp } from './shoppers';
import { signUpStaff } from './staff';

/**
 * Form posts to the storefront's pages over a real socket (bodies sent in
 * chunks, declaring no length, as an attacker would): React Router reads
 * them itself, so the shop counts them as they arrive. The storefront is a
 * build of a few routes written here whose actions read the form, as the
 * shop's do.
 */
const FAKE_BUILD = `
const readForm = async ({ request }) => {
  const form = await request.formData();
  return new Response('read ' + String(form.get('pad') || '').length);
};
const page = (request, status, headers, context) => {
  headers.set('content-type', 'text/html');
  return new Response('<!DOCTYPE html><html><body>' + JSON.stringify(context.staticHandlerContext.actionData) + '</body></html>', { status, headers });
};
const route = (id, path, module) => ({ id, parentId: 'root', path, module });
export const entry = { module: { default: page } };
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  'routes/login': route('routes/login', 'login', { action: readForm }),
  'routes/contact': route('routes/contact', 'contact', {
    default: () => null,
    action: async ({ request }) => ({ read: String((await request.formData()).get('pad') || '').length }),
  }),
  'routes/categories': route('routes/categories', 'admin/categories', { action: readForm }),
};
const manifestRoute = (id, parentId, path) => ({ id, parentId, path, module: '/assets/' + id + '.js', imports: [], css: [], hasLoader: false, hasAction: true, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: id === 'root' });
export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: Object.fromEntries(Object.values(routes).map((r) => [r.id, manifestRoute(r.id, r.parentId, r.path)])),
  url: '/assets/manifest.js',
  version: '1',
};
export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'client/assets';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
`;

const PUBLIC_URL = 'https://shop.example';
const kB = 1024;
const MB = 1024 * kB;

let shop: ShopApp;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const buildDir = await mkdtemp(path.join(os.tmpdir(), 'shop-web-build-'));
  await mkdir(path.join(buildDir, 'server'));
  await mkdir(path.join(buildDir, 'client', 'assets'), { recursive: true });
  await writeFile(path.join(buildDir, 'server', 'index.js'), FAKE_BUILD);
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-data-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL });
  shop = await buildApp({ env, db: database.db, logger: false });
  expect(await registerWeb(shop, shop.ctx, buildDir)).toBe(true);
  await shop.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
  close = async () => {
    await shop.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(buildDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

interface Answer {
  status: number;
  text: string;
  /** How much of the body the socket took before the answer came. */
  sent: number;
  ms: number;
}

/** The status and body of a raw HTTP answer, once it is whole (by its length, its last chunk, or the socket's end). */
function answerOf(raw: Buffer, closed: boolean): { status: number; text: string } | null {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const head = raw.subarray(0, headEnd).toString('latin1');
  let body = raw.subarray(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    if (!closed && !body.toString('latin1').endsWith('0\r\n\r\n')) return null;
    const parts: Buffer[] = [];
    for (let at = 0; ;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 4 + size;
    }
    body = Buffer.concat(parts);
  } else if (length && body.length < Number(length[1]) && !closed) return null;
  return { status: Number(head.split(' ')[1]), text: body.toString('utf8') };
}

/**
 * Posts `pad=aaa…` of `bytes` bytes over a bare socket in chunks (no
 * Content-Length), made as it goes from one 64 kB piece and written only as
 * fast as the socket takes it, until the answer comes: the test holds none of
 * it, and, as an attacker's client, reads the answer whatever happens to its
 * writing. Given a Content-Length, it sends the headers alone.
 */
function postChunked(url: string, bytes: number, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = 0;
    let answer: { status: number; text: string } | null = null;
    const done = (closed: boolean) => {
      answer ??= answerOf(received, closed);
      if (!answer) return closed && reject(new Error(`no answer to ${url} after ${sent} bytes`));
      resolve({ ...answer, sent, ms: performance.now() - started });
      socket.destroy();
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      done(false);
    });
    socket.on('close', () => done(true));
    // Once the shop has answered and closed, writing the rest fails: that is the point.
    socket.on('error', () => {});
    const head = Object.entries({
      host: 'shop.example',
      origin: PUBLIC_URL,
      'content-type': 'application/x-www-form-urlencoded',
      ...('content-length' in headers ? {} : { 'transfer-encoding': 'chunked' }),
      ...headers,
    }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`POST ${url} HTTP/1.1\r\n${head.join('')}\r\n`);
    if ('content-length' in headers) return; // the headers alone: is the body refused before any is sent?
    const piece = Buffer.alloc(64 * kB, 'a');
    const write = () => {
      while (!answer && !socket.destroyed && sent < bytes) {
        const chunk = sent === 0 ? Buffer.concat([Buffer.from('pad='), piece]) : piece;
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        if (!socket.write('\r\n')) return void socket.once('drain', write);
      }
      if (!answer && !socket.destroyed) socket.write('0\r\n\r\n');
    };
    write();
  });
}

const padOf = (bytes: number) => bytes - 'pad='.length;

describe('form posts sent in chunks', () => {
  it('are answered 413 past 100 kB, in words, on every page', async () => {
    for (const url of ['/login', '/contact', '/contact.data']) {
      const res = await postChunked(url, 150 * kB);
      expect(res.status, url).toBe(413);
      expect(res.text).toBe('The form is too large: at most 100 kB');
    }
  });

  it('are read as before under the limit', async () => {
    expect(await postChunked('/login', 90 * kB)).toMatchObject({ status: 200, text: `read ${padOf(90 * kB)}` });
    const page = await postChunked('/contact', 90 * kB);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`{"read":${padOf(90 * kB)}}`);
  });

  it("keep the shop's memory flat under a 60 MB body sent anonymously to /login, answered at once", async () => {
    const { result, growth } = await peakGrowth(() => postChunked('/login', 60 * MB));
    expect(result.status).toBe(413);
    // The shop stopped reading at the limit: the socket took a few MB of buffers at most, not the 60.
    expect(result.sent).toBeLessThan(10 * MB);
    expect(result.ms).toBeLessThan(5_000);
    expect(growth).toBeLessThan(30 * MB);
  });
});

describe("the back office's picture pages", () => {
  it('give the 100 kB limit to a post without a back-office session, before reading its body', async () => {
    const shopper = await signUp(shop, 'form-limits-shopper');
    for (const headers of [{}, { cookie: `${sessionCookieName(true)}=${shopper.token}` }] as Record<string, string>[]) {
      const res = await postChunked('/admin/categories', 2 * MB, headers);
      expect(res.status).toBe(413);
      expect(res.text).toBe('The form is too large: at most 100 kB');
    }
  });

  it('refuse a declared length over the limit before any of the body is sent', async () => {
    const res = await postChunked('/admin/categories', 0, { 'content-length': String(2 * MB) });
    expect(res.status).toBe(413);
  });

  it('give the pictures limit to staff who may change the catalogue, and only on those pages', async () => {
    const [owner, staff] = await Promise.all([signUpStaff(shop, 'admin'), signUpStaff(shop, 'staff')]);
    const ownerCookie = { cookie: `${adminCookieName(true)}=${owner.adminToken}` };
    expect(await postChunked('/admin/categories', 2 * MB, ownerCookie)).toMatchObject({
      status: 200,
      text: `read ${padOf(2 * MB)}`,
    });
    expect((await postChunked('/login', 2 * MB, ownerCookie)).status).toBe(413);
    // A staff member who may not change the catalogue has no pictures to post.
    const staffCookie = { cookie: `${adminCookieName(true)}=${staff.adminToken}` };
    expect((await postChunked('/admin/categories', 2 * MB, staffCookie)).status).toBe(413);
    // Past 3 pictures of 15 MB, even the owner's post is refused.
    const huge = await postChunked('/admin/categories', 50 * MB, ownerCookie);
    expect(huge.status).toBe(413);
    expect(huge.text).toBe('The files are too large: at most 3 pictures of 15 MB at once');
  });
});

describe('the API, sent bodies in chunks', () => {
  it('answers 413 past its body limit (Fastify counts what arrives), its memory flat', async () => {
    const json = { 'content-type': 'application/json' };
    const { result, growth } = await peakGrowth(() => postChunked('/api/v1/contacts', 60 * MB, json));
    expect(result.status).toBe(413);
    expect(JSON.parse(result.text)).toMatchObject({ code: 'too_large' });
    expect(result.ms).toBeLessThan(5_000);
    expect(growth).toBeLessThan(30 * MB);
  });

  it('refuses an upload without a back-office session before reading it, and past 15 MB with one', async () => {
    const anonymous = await postChunked('/api/v1/admin/pictures', 60 * MB, { 'content-type': 'image/jpeg' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.sent).toBeLessThan(10 * MB);
    const owner = await signUpStaff(shop, 'admin', 'form-limits-uploader');
    const upload = await postChunked('/api/v1/admin/pictures', 60 * MB, {
      'content-type': 'image/jpeg',
      authorization: `Bearer ${owner.adminToken}`,
    });
    expect(upload.status).toBe(413);
    const zip = await postChunked('/api/v1/admin/catalog/import/pictures', 100 * MB, {
      'content-type': 'application/zip',
      authorization: `Bearer ${owner.adminToken}`,
    });
    expect(zip.status).toBe(413);
  });
});
