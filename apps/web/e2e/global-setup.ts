import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { E2E_ADMIN, publish, setupEnv } from './env';
import type { CatalogueVariant } from './fixtures';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** A free port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A loopback SMTP server for the shop's mails, readable by the tests over HTTP: GET /latest?to=<email> (and their count). */
async function startMailbox(): Promise<{ smtpUrl: string; readUrl: string; close(): Promise<void> }> {
  const mails: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((m) => {
          mails.push(m);
          done();
        })
        .catch(done);
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((r) => smtp.listen(smtpPort, '127.0.0.1', r));
  const reader: Server = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to') ?? '';
    const theirs = mails.filter((m) => JSON.stringify(m.to ?? '').includes(to));
    const mail = theirs.at(-1);
    res.writeHead(mail ? 200 : 404, { 'content-type': 'application/json' });
    // `count`: how many mails that address received (a mail that must arrive once).
    res.end(JSON.stringify(mail ? { subject: mail.subject, text: mail.text, count: theirs.length } : {}));
  });
  const readPort = await freePort();
  await new Promise<void>((r) => reader.listen(readPort, '127.0.0.1', r));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    readUrl: `http://127.0.0.1:${readPort}`,
    close: async () => {
      await new Promise<void>((r) => smtp.close(() => r()));
      await new Promise<void>((r) => reader.close(() => r()));
    },
  };
}

/**
 * Every variant of the demo catalogue with its stock at start-up, so specs can
 * pick variants that no other spec (or the other project) touches.
 */
async function readCatalogue(baseUrl: string): Promise<CatalogueVariant[]> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`);
    if (!res.ok) throw new Error(`GET ${path} → ${res.status}`);
    return (await res.json()) as T;
  };
  interface Detail {
    data: {
      products: { id: number; name: string };
      product_variants: { id: number; slug: string; stock: number; selling_price: number; mrp: number };
      sizes: { name: string };
      colors: { name: string };
    }[];
    cats: { slug: string };
    other_variants: { slug: string }[];
  }
  const slugs: string[] = [];
  for (let page = 1; ; page += 1) {
    const list = await get<{ data: { product_variants: { slug: string } }[]; meta: { pages: number } }>(
      `/products/productvariant?limit=60&page=${page}`,
    );
    slugs.push(...list.data.map((i) => i.product_variants.slug));
    if (page >= list.meta.pages) break;
  }
  const variant = (d: Detail): CatalogueVariant => {
    const x = d.data[0]!;
    return {
      productId: x.products.id,
      variantId: x.product_variants.id,
      slug: x.product_variants.slug,
      name: x.products.name,
      category: d.cats.slug,
      size: x.sizes.name,
      color: x.colors.name,
      stock: x.product_variants.stock,
      price: x.product_variants.selling_price,
      mrp: x.product_variants.mrp,
    };
  };
  const products = await Promise.all(
    slugs.map(async (slug) => {
      const first = await get<Detail>(`/product/${slug}`);
      const others = await Promise.all(first.other_variants.map((o) => get<Detail>(`/product/${o.slug}`)));
      return [first, ...others].map(variant);
    }),
  );
  // The product page shows a count only at or below the low-stock threshold: the counts come from the stock grid.
  const login = await fetch(`${baseUrl}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
  });
  if (!login.ok) throw new Error(`admin login → ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const stock = new Map<number, number>();
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${baseUrl}/api/v1/admin/stock?per_page=200&page=${page}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`GET /admin/stock → ${res.status}`);
    const grid = (await res.json()) as { data: { variant_id: number; stock: number }[]; total: number };
    for (const row of grid.data) stock.set(row.variant_id, row.stock);
    if (page * 200 >= grid.total) break;
  }
  return products
    .flat()
    .map((v) => ({ ...v, stock: stock.get(v.variantId) ?? v.stock }))
    .sort((a, b) => a.variantId - b.variantId);
}

/**
 * Builds the shop if needed and starts it on a free port with a fresh data
 * folder (or a fresh PostgreSQL database when DATABASE_URL is set).
 */
export default async function globalSetup() {
  const env = setupEnv();
  if (
    !existsSync(path.join(root, 'apps/api/dist/main.js')) ||
    !existsSync(path.join(root, 'apps/web/build/server/index.js')) ||
    env.rebuild
  ) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const mailbox = await startMailbox();

  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (env.databaseUrl) {
    const name = `shop_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const u = new URL(env.databaseUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-files-'));
  const serverLogPath = path.join(filesDir, 'server.log');
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...env.inherited,
      // Not 'production': that needs Razorpay and refuses the test provider. React Router still
      // renders as in production (only 'development' shows error details).
      NODE_ENV: 'test',
      PAYMENT_PROVIDER: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      DEMO_DATA: 'true',
      // The back office's owner (admin-*.spec.ts).
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every request is logged (to a file; warnings and errors also to the console), so a
      // test can show what never reaches the log (a password: before-scripts.spec.ts).
      LOG_LEVEL: 'info',
      SMTP_URL: mailbox.smtpUrl,
      TEST_PAYMENT_WEBHOOK_DELAY_MS: '3000',
      // A cart reminder at the clock's next run (marketing-consent specs; no other shopper agrees to them).
      CART_REMINDER_MINUTES: '0',
      // Google Analytics on, behind the consent banner (fixtures.ts declines it for every test but its own).
      GA_MEASUREMENT_ID: 'G-E2ETEST123',
      // WhatsApp and SMS on, so the account offers them (order-messages specs). Their 'providers' are the
      // shop itself, which answers 404: a message to a shopper who agreed fails at once, without retries
      // (and none of the other journeys agrees).
      WHATSAPP_TOKEN: 'e2e-token',
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_APP_SECRET: 'e2e-app-secret',
      WHATSAPP_API_BASE: baseUrl,
      MSG91_AUTHKEY: 'e2e-authkey',
      MSG91_TEMPLATE_IDS:
        'order_placed=e2e1,order_paid=e2e2,cod_code=e2e3,order_shipped=e2e4,order_delivered=e2e5,refund=e2e6,cart_reminder=e2e7',
      MSG91_API_BASE: baseUrl,
      // Every test shopper comes from 127.0.0.1.
      RATE_LIMIT_LOGINS_PER_IP: '100000',
      RATE_LIMIT_OTP_REQUESTS_PER_IP: '100000',
      RATE_LIMIT_OTP_CHECKS_PER_IP: '100000',
      RATE_LIMIT_CONTACTS_PER_IP: '100000',
      RATE_LIMIT_BACK_IN_STOCK_PER_IP: '100000',
      RATE_LIMIT_REGISTRATIONS_PER_IP: '100000',
      RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
      RATE_LIMIT_ORDERS_PER_IP: '100000',
      RATE_LIMIT_PAYMENTS_PER_IP: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(serverLogPath);
  for (const stream of [server.stdout!, server.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      // pino's levels: 40 warn, 50 error, 60 fatal; anything that is not pino's JSON is shown too.
      const level = /^\{"level":(\d+)/.exec(line)?.[1];
      if (!level || Number(level) >= 40) console.error(line);
    });
  }
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the shop exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const cataloguePath = path.join(filesDir, 'catalogue.json');
  try {
    writeFileSync(cataloguePath, JSON.stringify(await readCatalogue(baseUrl)));
  } catch (err) {
    server.kill('SIGTERM');
    await mailbox.close();
    throw err;
  }
  publish({ baseUrl, mailUrl: mailbox.readUrl, cataloguePath, serverLogPath });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await mailbox.close();
    await dropDatabase();
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  };
}
