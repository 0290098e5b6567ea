import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Group and other: no read, write or entry. */
const OTHERS = 0o077;

/** What the shop makes in DATA_DIR: PGlite's data and lock, what a restore set aside, backups, the image cache. */
const SHOPS_OWN = /^(pglite|pglite\.lock|pglite\.before-restore-\d+|backups|cache)$/;

/** DATA_DIR is open to other users and this process may not close it. */
export class DataDirOpen extends Error {
  override name = 'DataDirOpen';
}

export interface DataDirReport {
  /** The folder's mode (e.g. '755') when it was found open to other users, and closed. */
  wasOpen?: string;
  /** How many of the shop's files and folders inside were closed with it. */
  closed: number;
}

/**
 * DATA_DIR holds the embedded database (password hashes, the app's secret,
 * every order), backups and the image cache: the shop's user alone may
 * enter it. A new one is made 0700. One found open to others (made by an
 * older version, or by hand) is closed, and so is what the shop made inside
 * it, saying so in the log. Files the shop writes from here on are its own
 * through the process's umask (main.ts) and, for PGlite, owner-only-fs.ts.
 */
export function protectDataDir(dataDir: string, log: { warn(obj: object, msg: string): void }): DataDirReport {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & OTHERS) === 0) return { closed: 0 };
  let closed = 0;
  try {
    chmodSync(dir, mode & ~OTHERS);
    for (const name of readdirSync(dir)) {
      if (SHOPS_OWN.test(name)) closed += closeTree(path.join(dir, name));
    }
  } catch (err) {
    throw new DataDirOpen(
      `DATA_DIR ${dir} is open to other users (mode ${mode.toString(8)}) and could not be closed (${(err as Error).message}).\n` +
        `It holds the shop's data: give it to the user the shop runs as, or run: chmod -R go-rwx ${dir}`,
    );
  }
  const report = { wasOpen: mode.toString(8), closed };
  log.warn(
    { dataDir: dir, mode: report.wasOpen, closed },
    `DATA_DIR was open to other users (mode ${report.wasOpen}): now closed to them (700), with the ${closed} files and folders of the shop inside that were open`,
  );
  return report;
}

/** Takes group's and other's rights off a file, or a folder and everything in it; answers how many changed. */
function closeTree(file: string): number {
  const stat = lstatSync(file);
  if (stat.isSymbolicLink()) return 0;
  let closed = 0;
  if (stat.mode & OTHERS) {
    chmodSync(file, stat.mode & 0o777 & ~OTHERS);
    closed += 1;
  }
  if (stat.isDirectory()) {
    for (const name of readdirSync(file)) closed += closeTree(path.join(file, name));
  }
  return closed;
}
