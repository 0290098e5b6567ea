// `npm start`: builds the shop when no build exists, then serves it from this process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = `${root}apps/api/dist/main.js`;
const web = `${root}apps/web/build/server/index.js`;

if (!existsSync(server) || !existsSync(web)) {
  console.log('No build found: building the shop first...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.chdir(root);
if (process.env.MALLOC_ARENA_MAX === undefined) {
  // glibc gives each thread that allocates (libvips's, when pictures are first sized) an arena of
  // its own and returns little of it: two arenas keep the shop about 200 MB smaller once its
  // pictures are sized (docs/benchmarks.md 'Memory on the embedded database'). The allocator reads
  // it when a process starts, so the shop runs as a child that has it; signals are passed on.
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await import(pathToFileURL(server).href);
}
