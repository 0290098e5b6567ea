import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from './pglite-lock';

let dir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  lockFile = path.join(dir, 'pglite.lock');
});
afterEach(() => rmSync(lockFile, { force: true }));
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Another process that stays alive until the tests end. */
function otherProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const held = (pid: number, startedAt = Date.now()) =>
  writeFileSync(lockFile, JSON.stringify({ pid, startedAt, host: os.hostname(), command: 'shop' }));

describe('the PGlite lock file', () => {
  it('is taken, names this process, and is removed on release', () => {
    const lock = lockDataDir(lockFile, dir);
    const info = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number; startedAt: number };
    expect(info.pid).toBe(process.pid);
    expect(info.startedAt).toBeLessThanOrEqual(Date.now());
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('refuses while another live process holds it, saying who and what to do', () => {
    const child = otherProcess();
    held(child.pid!);
    let error: unknown;
    try {
      lockDataDir(lockFile, dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirInUse);
    const message = (error as Error).message;
    expect(message).toContain(`pid ${child.pid}`);
    expect(message).toMatch(/PGlite serves one process/);
    expect(message).toMatch(/PostgreSQL \(DATABASE_URL\)/);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: child.pid });
  });

  it('takes over the lock of a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.on('exit', resolve));
    held(child.pid!);
    const lock = lockDataDir(lockFile, dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now belongs to a process started long after it (a restarted machine)', () => {
    const child = otherProcess();
    held(child.pid!, Date.now() - 24 * 60 * 60_000);
    const lock = lockDataDir(lockFile, dir);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('waits for a lock being written, but takes over one left half-written long ago', () => {
    writeFileSync(lockFile, '{"pid":');
    expect(() => lockDataDir(lockFile, dir)).toThrow(DataDirInUse);
    const past = new Date(Date.now() - 60_000);
    utimesSync(lockFile, past, past);
    lockDataDir(lockFile, dir).release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('release leaves alone a lock that another process has taken since', () => {
    const lock = lockDataDir(lockFile, dir);
    const child = otherProcess();
    held(child.pid!);
    lock.release();
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: child.pid });
  });
});
