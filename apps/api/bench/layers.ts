/**
 * Diagnosis, not part of `npm run bench`: what each layer of the shop's HTTP stack costs
 * per answer, in server CPU time. Every configuration answers the same fixed JSON (the size
 * of a product and of a listing page) from a route shaped like the shop's; the layers
 * mirror app.ts as of 2026-11-21 (pino at warn, the security headers set once per request from a
 * constant with reply.headers() — 'static' — since @fastify/helmet was removed, @fastify/cors,
 * swagger, zod validation of params/querystring, the catalogue cache). 'raw' sets the same
 * headers the way helmet did, with res.setHeader() on the raw response, one by one.
 *
 *   npx tsx bench/layers.ts                        # every configuration (~3 min)
 *   npx tsx bench/layers.ts "full,full - headers"  # some of them
 *
 * CPU time per answer holds up on a busy machine better than req/s does; req/s is shown too.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ListingParams, Slug } from '@shop/contract';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import Fastify from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogCache } from '../src/lib/cache';

const PRODUCT = JSON.stringify({ data: 'x'.repeat(4237 - 11) });
const LISTING = JSON.stringify({ data: 'x'.repeat(10655 - 11) });
/** `RATE=5000`: load at a fixed rate instead of flat out, so no configuration saturates a core. */
const RATE = Number(process.env.RATE) || 0;
const PATHS = ['/api/v1/product/some-slug', '/api/v1/products/productvariant'] as const;

/** The shop's security headers (src/lib/security-headers.ts). */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const CONFIGS: [name: string, layers: string][] = [
  ['ceiling', 'ceiling'],
  ['fastify bare', ''],
  ['fastify + logger', 'logger'],
  ['fastify + static headers', 'static'],
  ['fastify + raw setHeader', 'raw'],
  ['fastify + cors', 'cors'],
  ['fastify + zod', 'zod'],
  ['fastify + swagger', 'swagger'],
  ['fastify + cache', 'cache'],
  ['full', 'logger,static,cors,swagger,zod,cache'],
  ['full - headers', 'logger,cors,swagger,zod,cache'],
  ['full - logger', 'static,cors,swagger,zod,cache'],
  ['full - zod', 'logger,static,cors,swagger,cache'],
  ['full with raw setHeader', 'logger,raw,cors,swagger,zod,cache'],
];

async function serve(layers: Set<string>): Promise<void> {
  if (layers.has('ceiling')) {
    const bodies = new Map<string, Buffer>([
      [PATHS[0], Buffer.from(PRODUCT)],
      [PATHS[1], Buffer.from(LISTING)],
    ]);
    const server = http.createServer((req, res) => {
      const body = bodies.get(req.url ?? '') ?? Buffer.from('{}');
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as { port: number }).port}`));
    return;
  }
  const app = Fastify({
    logger: layers.has('logger') ? { level: 'warn' } : false,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  if (layers.has('static')) {
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      done();
    });
  }
  if (layers.has('raw')) {
    // What @fastify/helmet did: the headers go on the raw response one by one.
    const entries = Object.entries(SECURITY_HEADERS);
    app.addHook('onRequest', (_req, reply, done) => {
      for (const [name, value] of entries) reply.raw.setHeader(name, value);
      done();
    });
  }
  if (layers.has('cors')) await app.register(cors, { origin: 'http://localhost:3000', credentials: false });
  if (layers.has('swagger')) {
    await app.register(swagger, {
      openapi: { info: { title: 'layers', version: '1' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }
  const cache = new CatalogCache(300_000);
  const zod = layers.has('zod');
  const answer = (key: string, body: string) =>
    layers.has('cache') ? cache.json(key, () => Promise.resolve(JSON.parse(body) as unknown)) : Promise.resolve(body);
  await app.register(
    (api, _opts, done) => {
      const r = api.withTypeProvider<ZodTypeProvider>();
      r.get('/product/:slug', { schema: zod ? { params: z.object({ slug: Slug }) } : {} }, async (req, reply) => {
        const json = await answer(`product:${(req.params as { slug: string }).slug}`, PRODUCT);
        return reply.type('application/json; charset=utf-8').send(json);
      });
      r.get('/products/productvariant', { schema: zod ? { querystring: ListingParams } : {} }, async (req, reply) => {
        const json = await answer(`listing:${JSON.stringify(req.query)}`, LISTING);
        return reply.type('application/json; charset=utf-8').send(json);
      });
      done();
    },
    { prefix: '/api/v1' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`listening ${(app.server.address() as { port: number }).port}`);
}

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const cannon = (opts: AutocannonOptions) =>
  new Promise<AutocannonResult>((resolve, reject) =>
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))),
  );

async function drive(only: string[] | undefined): Promise<void> {
  console.log(`${'configuration'.padEnd(26)}${'product (4,237 B)'.padEnd(30)}listing (10,655 B)`);
  for (const [name, layers] of CONFIGS) {
    if (only && !only.includes(name)) continue;
    const child = spawn(process.execPath, ['--import', 'tsx', process.argv[1]!, 'serve', layers || 'none'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`${name}: the server exited (${code})`)));
        child.stdout.on('data', (d: Buffer) => {
          const m = /listening (\d+)/.exec(d.toString());
          if (m) resolve(Number(m[1]));
        });
      });
      const cells: string[] = [];
      for (const path of PATHS) {
        const url = `http://127.0.0.1:${port}${path}`;
        await cannon({ url, connections: 50, amount: 5_000 });
        const before = cpuSeconds(child.pid!);
        const r = await cannon({ url, connections: 50, duration: 6, ...(RATE ? { overallRate: RATE } : {}) });
        const used = cpuSeconds(child.pid!) - before;
        if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        const us = ((used * 1e6) / r.requests.total).toFixed(1);
        cells.push(`${us.padStart(5)} µs/req ${String(Math.round(r.requests.average)).padStart(6)} req/s`);
      }
      console.log(`${name.padEnd(26)}${cells[0]!.padEnd(30)}${cells[1]}`);
    } finally {
      child.removeAllListeners('exit');
      child.kill('SIGKILL');
    }
  }
}

if (process.argv[2] === 'serve') {
  await serve(new Set(process.argv[3]!.split(',')));
} else {
  await drive(process.argv[2]?.split(',').map((s) => s.trim()));
}
