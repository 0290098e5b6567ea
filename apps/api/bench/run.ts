/**
 * `npm run bench [-- <target>] [flags]`: `catalog` (bench/catalog.bench.ts, its flags as before),
 * `admin` (bench/admin.bench.ts), `memory` (bench/memory.bench.ts), or all one after the other when no
 * target is named.
 * Each runs in its own process; the exit code is the worst of them.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const TARGETS = { catalog: 'catalog.bench.ts', admin: 'admin.bench.ts', memory: 'memory.bench.ts' } as const;
const [first, ...rest] = process.argv.slice(2);
const named = first !== undefined && first in TARGETS;
const targets = named ? [first as keyof typeof TARGETS] : (Object.keys(TARGETS) as (keyof typeof TARGETS)[]);
const flags = named ? rest : process.argv.slice(2);

let code = 0;
for (const target of targets) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, TARGETS[target]), ...flags], {
    stdio: 'inherit',
  });
  code = Math.max(code, run.status ?? 1);
}
process.exitCode = code;
