// Bundles the API into dist/main.js (and dist/picture-sizer.js): our workspace code is bundled, npm packages stay external.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@shop/'));

await rm('dist', { recursive: true, force: true });
await build({
  // The server, and the picture sizer it forks (serve.ts): a small process of its own.
  entryPoints: { main: 'src/main.ts', 'picture-sizer': 'src/picture-sizer.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  jsx: 'automatic',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
await cp('drizzle', 'dist/drizzle', { recursive: true });
await cp('src/modules/payments/test-checkout', 'dist/test-checkout', { recursive: true });
console.log('built apps/api/dist');
