/**
 * The zod-free route tables, written from the endpoint entries (src/endpoints/):
 * `ROUTES` (the storefront's calls, part of `@shop/contract/lite`) and
 * `ADMIN_ROUTES` (the back office's, `@shop/contract/admin-routes`), each
 * entry its call's method, path, auth and a staff call's access. Kept apart
 * from the script that writes them so a test can compare them with the
 * committed files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { ENDPOINT_GROUPS, type Endpoint } from '../src/endpoints/index';

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

export interface RouteFile {
  path: string;
  text: string;
}

const HEADER = `// Written by \`npm run gen:routes\` from the entries of src/endpoints/ (their
// method, path, auth and access, without the schemas, so browser code can
// load it without zod). Do not edit: change the entry and run it again.
`;

/** Every entry in the domains' order; a name given twice stops it, as it would hide an entry. */
function entries(): Endpoint[] {
  const seen = new Set<string>();
  const all: Endpoint[] = [];
  for (const group of ENDPOINT_GROUPS) {
    for (const [name, entry] of Object.entries(group)) {
      if (seen.has(name)) throw new Error(`${name}: two entries of that name in src/endpoints/`);
      seen.add(name);
      all.push(entry);
    }
  }
  return all;
}

function table(name: string, doc: string, list: Endpoint[]): string {
  const rows = list.map((e) => {
    const fields = [
      `method: ${JSON.stringify(e.method)}`,
      `path: ${JSON.stringify(e.path)}`,
      `auth: ${JSON.stringify(e.auth)}`,
      ...('access' in e ? [`access: ${JSON.stringify(e.access)}`] : []),
    ];
    return `  ${JSON.stringify(e.name)}: { ${fields.join(', ')} },`;
  });
  return `${HEADER}\n/** ${doc} */\nexport const ${name} = {\n${rows.join('\n')}\n} as const;\n`;
}

async function formatted(file: string, text: string): Promise<RouteFile> {
  const options = await resolveConfig(file);
  return { path: file, text: await format(text, { ...options, filepath: file }) };
}

/** The two generated files, as `npm run gen:routes` writes them. */
export async function routeFiles(): Promise<RouteFile[]> {
  const all = entries();
  return Promise.all([
    formatted(
      path.join(src, 'routes.generated.ts'),
      table(
        'ROUTES',
        "The storefront's calls, by name.",
        all.filter((e) => e.auth !== 'staff'),
      ),
    ),
    formatted(
      path.join(src, 'admin-routes.generated.ts'),
      table(
        'ADMIN_ROUTES',
        "The back office's calls (/api/v1/admin), by name, each with the access its guard checks.",
        all.filter((e) => e.auth === 'staff'),
      ),
    ),
  ]);
}
