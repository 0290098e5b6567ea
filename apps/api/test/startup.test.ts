import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const main = path.join(root, 'apps/api/src/main.ts');
const tsx = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shop-start-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real entry point (`npm start` runs its build) in a folder of its own,
 * with only the given environment (nothing inherited, not even a .env of
 * this repository). `until` ends a server that started, once its output says so.
 */
function start(env: Record<string, string>, until?: (out: string) => boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsx, main], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

  it('runs the demo with the test provider, saying so in one log line', async () => {
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
});
