import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';

/**
 * PGlite is PostgreSQL inside this process: a second process opening the
 * same data directory would write over it. So the data directory gets a lock
 * file beside it, naming the process that holds it (its pid and start time).
 * A lock whose process is gone (killed, crashed, the machine restarted) is
 * taken over; a live one is refused with a message saying what to do.
 */
export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
}

interface LockInfo {
  pid: number;
  /** When the holder started, ms since the epoch. */
  startedAt: number;
  host: string;
  command: string;
}

export interface DataDirLock {
  release(): void;
}

/** Takes the lock file, or throws DataDirInUse naming the process that holds it. */
export function lockDataDir(lockFile: string, dataDir: string): DataDirLock {
  const mine: LockInfo = {
    pid: process.pid,
    startedAt: Date.now() - Math.round(process.uptime() * 1000),
    host: os.hostname(),
    command: process.argv.slice(1, 3).join(' '),
  };
  const text = JSON.stringify(mine);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, text);
      closeSync(fd);
      // Two processes taking over one stale lock at once: only the one whose text stayed wins.
      if (readFileSync(lockFile, 'utf8') !== text) break;
      return { release: () => releaseIfMine(lockFile, text) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = readLock(lockFile);
    if (held === 'unreadable' && !olderThan(lockFile, 5_000)) throw inUse(dataDir, lockFile);
    if (held && held !== 'unreadable' && holderAlive(held)) throw inUse(dataDir, lockFile, held);
    removeIfUnchanged(lockFile, held);
  }
  const held = readLock(lockFile);
  throw inUse(dataDir, lockFile, held && held !== 'unreadable' ? held : undefined);
}

function inUse(dataDir: string, lockFile: string, held?: LockInfo): DataDirInUse {
  const who = held
    ? `pid ${held.pid}${held.command ? `, ${held.command}` : ''}, started ${new Date(held.startedAt).toISOString()}`
    : 'a process that is starting';
  return new DataDirInUse(
    `The embedded database in ${dataDir} is in use by another process (${who}).\n` +
      'PGlite serves one process: stop that one first (the shop, a seed or a backup), ' +
      'or run several processes on PostgreSQL (DATABASE_URL).\n' +
      `If no such process runs, delete ${lockFile}.`,
  );
}

function olderThan(file: string, ms: number): boolean {
  try {
    return statSync(file).mtimeMs < Date.now() - ms;
  } catch {
    return true;
  }
}

/** The lock's holder; undefined when there is no lock; 'unreadable' while being written (or left half-written). */
function readLock(lockFile: string): LockInfo | 'unreadable' | undefined {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const info = JSON.parse(text) as Partial<LockInfo>;
    if (typeof info.pid !== 'number' || typeof info.startedAt !== 'number') return 'unreadable';
    return { pid: info.pid, startedAt: info.startedAt, host: info.host ?? '', command: info.command ?? '' };
  } catch {
    return 'unreadable';
  }
}

/**
 * Whether the process named in the lock still runs. Another machine's lock
 * (a shared disk) is believed. A pid can be reused after a restart, so on
 * Linux the running process must also have started before the lock was taken.
 */
function holderAlive(held: LockInfo): boolean {
  if (held.host && held.host !== os.hostname()) return true;
  if (held.pid === process.pid) return false;
  try {
    process.kill(held.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Ten minutes of slack: a clock set forward must not make a live holder look like a newcomer.
  const started = processStart(held.pid);
  return started === undefined || started <= held.startedAt + 10 * 60_000;
}

/** When a process started (ms since the epoch), from /proc on Linux; undefined elsewhere. */
function processStart(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]); // field 22 of stat: start time in clock ticks since boot
    const bootTime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(bootTime)) return undefined;
    return bootTime * 1000 + (ticks / 100) * 1000; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

function removeIfUnchanged(lockFile: string, held: ReturnType<typeof readLock>): void {
  const now = readLock(lockFile);
  if (JSON.stringify(now) !== JSON.stringify(held)) return;
  try {
    unlinkSync(lockFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function releaseIfMine(lockFile: string, text: string): void {
  try {
    if (readFileSync(lockFile, 'utf8') === text) unlinkSync(lockFile);
  } catch {
    // already gone
  }
}
