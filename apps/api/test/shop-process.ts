import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

/** A free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A shop server running as a child process, as `npm start` runs it. */
export interface ShopProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** Its log lines (pino JSON), parsed. */
  logs(): Record<string, unknown>[];
  exited: Promise<Exit>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * Starts the shop with only the given environment (plus PATH), from the
 * sources through tsx, or from the build (`apps/api/dist/main.js`, or another build's `main`).
 */
export async function spawnShop(
  env: Record<string, string>,
  opts: { build?: boolean; cwd?: string; main?: string } = {},
): Promise<ShopProcess> {
  const port = env.PORT ?? String(await freePort());
  const args = opts.main
    ? [opts.main]
    : opts.build
      ? [path.join(root, 'apps/api/dist/main.js')]
      : ['--import', tsx, path.join(root, 'apps/api/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: opts.cwd ?? root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    logs: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until the shop answers its health check; fails at once if it exits. */
export async function untilHealthy(shop: ShopProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void shop.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`the shop exited before answering:\n${shop.output().slice(-3000)}`);
    try {
      const res = await fetch(`${shop.url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the shop did not answer within ${timeoutMs} ms:\n${shop.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts the shop and waits until it answers. */
export async function startShop(
  env: Record<string, string>,
  opts: { build?: boolean; cwd?: string } = {},
): Promise<ShopProcess> {
  const shop = await spawnShop(env, opts);
  try {
    await untilHealthy(shop);
  } catch (err) {
    await shop.stop('SIGKILL');
    throw err;
  }
  return shop;
}
