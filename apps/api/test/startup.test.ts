import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const main = path.join(root, 'apps/api/src/main.ts');
const cli = path.join(root, 'apps/api/src/db/cli.ts');
const tsx = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

let dir: string;
const running = new Set<ChildProcess>();
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shop-start-'));
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL'); // a test that timed out leaves its shop behind
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real entry point (`npm start` runs its build) in a folder of its own,
 * with only the given environment (nothing inherited, not even a .env of
 * this repository), under the usual umask 022 (files readable by everyone
 * unless the shop says otherwise). `until` ends a server that started, once
 * its output says so. `script` runs another entry point (the database commands).
 */
function start(env: Record<string, string>, until?: (out: string) => boolean, script: string[] = [main]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      '/bin/sh',
      ['-c', 'umask 022 && exec "$@"', 'sh', process.execPath, '--import', tsx, ...script],
      {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    running.add(child);
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until?.(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      running.delete(child);
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live_secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_live',
  SHOP_EMAIL: 'orders@shop.example',
};

describe('start-up', () => {
  it('refuses production without its settings, naming every one on a line of its own', async () => {
    const run = await start({ NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'PAYMENT_PROVIDER',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'PUBLIC_URL',
      'SHOP_EMAIL',
      'SMTP_URL',
    ]);
    expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/); // a message, not a stack trace
  });

  it('refuses the test provider, test keys and TRUST_PROXY=true in production', async () => {
    const run = await start({
      ...PRODUCTION,
      PAYMENT_PROVIDER: 'test',
      RAZORPAY_KEY_ID: 'rzp_test_abc',
      TRUST_PROXY: 'true',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^ {2}TRUST_PROXY: true would believe/m);
    expect(run.stderr).toMatch(/^ {2}PAYMENT_PROVIDER: the test provider takes no money/m);
    expect(run.stderr).toMatch(/^ {2}RAZORPAY_KEY_ID: a test key \(rzp_test_\)/m);
  });

  it('reads .env from its folder, the environment winning over the file', async () => {
    const file = Object.entries({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:3000', PORT: 'eighty' })
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
    await writeFile(path.join(dir, '.env'), `# settings\n${file}\n`);
    try {
      // Only NODE_ENV and PUBLIC_URL come from the environment: everything else is the file's.
      const run = await start({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual(['Invalid configuration:', expect.stringMatching(/^ {2}PORT: /)]);
    } finally {
      await rm(path.join(dir, '.env'));
    }
  });

  // A first start creates the embedded database and runs every migration: on a busy machine that takes 20 s and more.
  it('runs the demo with the test provider, saying so in one log line', { timeout: 60_000 }, async () => {
    const run = await start(
      {
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: path.join(dir, 'data'),
        DEMO_DATA: 'false',
        JOBS_INTERVAL_SECONDS: '0',
      },
      (out) => /TEST provider/.test(out),
    );
    const lines = run.stdout.split('\n').filter((l) => /TEST provider/.test(l));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(line.level).toBe(40); // a warning
    expect(line.msg).toMatch(/TEST provider is in use: no money is taken .*PAYMENT_PROVIDER=razorpay/);
  });

  it(
    'refuses the test provider on a public address without NODE_ENV, naming the fix',
    { timeout: 60_000 },
    async () => {
      const run = await start({ PUBLIC_URL: 'https://littleloom.example', DATA_DIR: path.join(dir, 'public') });
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        'Invalid configuration:',
        expect.stringMatching(
          /^ {2}PAYMENT_PROVIDER: .*lets anyone mark an order paid.*NODE_ENV=production.*local PUBLIC_URL/,
        ),
      ]);
    },
  );
});

/** Files and folders under `dir` that a group or other user may read, write or enter: their path and mode. */
async function openToOthers(dir: string): Promise<string[]> {
  const open: string[] = [];
  const walk = async (file: string) => {
    const stat = await lstat(file);
    if (stat.mode & 0o077) open.push(`${path.relative(dir, file) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of await readdir(file)) await walk(path.join(file, name));
  };
  await walk(dir);
  return open;
}

// Each starts the shop from its sources two or three times.
describe('the data on disk', { timeout: 240_000 }, () => {
  const demo = (data: string) => ({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: data,
    DEMO_DATA: 'false',
    JOBS_INTERVAL_SECONDS: '0',
  });
  const served = (out: string) => /TEST provider/.test(out);

  it("is the shop's user's alone: DATA_DIR 0700, the embedded database's files 0600, a backup too", async () => {
    const data = path.join(dir, 'private');
    const run = await start(demo(data), served);
    expect(run.code, run.stderr).toBe(0);
    expect((await readdir(path.join(data, 'pglite'))).length).toBeGreaterThan(10);
    expect(await openToOthers(data)).toEqual([]);

    const backup = await start({ DATA_DIR: data }, undefined, [cli, 'backup']);
    expect(backup.code, backup.stderr).toBe(0);
    const [file] = await readdir(path.join(data, 'backups'));
    expect(file).toMatch(/^backup-.*\.tar\.gz$/);
    expect((await lstat(path.join(data, 'backups', file!))).mode & 0o777).toBe(0o600);
    expect(await openToOthers(data)).toEqual([]);
  });

  it('closes a DATA_DIR an older version left open to others, saying so in the log', async () => {
    const data = path.join(dir, 'older');
    expect((await start(demo(data), served)).code).toBe(0);
    // As the shop left it before: folders 0755, PGlite's files 0666.
    const loosen = async (file: string) => {
      const stat = await lstat(file);
      await chmod(file, stat.isDirectory() ? 0o755 : 0o666);
      if (stat.isDirectory()) for (const name of await readdir(file)) await loosen(path.join(file, name));
    };
    await loosen(data);
    expect((await openToOthers(data)).length).toBeGreaterThan(100);

    const run = await start(demo(data), served);
    expect(run.code, run.stderr).toBe(0);
    const warning = run.stdout
      .split('\n')
      .filter((l) => l.includes('DATA_DIR was open'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; mode: string });
    expect(warning).toHaveLength(1);
    expect(warning[0]).toMatchObject({ level: 40, mode: '755' });
    expect(warning[0]!.msg).toMatch(/now closed to them \(700\)/);
    expect(await openToOthers(data)).toEqual([]);
  });
});
