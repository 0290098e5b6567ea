// `npm start`: builds the shop when no build exists, then serves it from this process.
import { spawnSync } from 'node:child_process';
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
await import(pathToFileURL(server).href);
