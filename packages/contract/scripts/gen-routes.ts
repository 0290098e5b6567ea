/** `npm run gen:routes`: writes the zod-free route tables from the endpoint entries (routes-files.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { routeFiles } from './routes-files';

for (const file of await routeFiles()) {
  let before = '';
  try {
    before = readFileSync(file.path, 'utf8');
  } catch {
    // Not written yet.
  }
  if (before === file.text) continue;
  writeFileSync(file.path, file.text);
  console.log(`wrote ${file.path}`);
}
