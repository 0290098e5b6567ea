import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeFiles } from '../scripts/routes-files';
import { ADMIN_ROUTES } from './admin-routes.generated';
import { ENDPOINT_GROUPS, ENDPOINTS } from './endpoints/index';
import { ROUTES } from './routes.generated';

describe('the generated route tables', () => {
  it('are what `npm run gen:routes` writes from the endpoint entries today', async () => {
    for (const file of await routeFiles()) {
      const committed = readFileSync(file.path, 'utf8');
      expect(committed, `${path.basename(file.path)} is stale: run npm run gen:routes`).toBe(file.text);
    }
  });

  it('hold every entry, each under its own name, with its route', () => {
    const names = ENDPOINT_GROUPS.flatMap((group) => Object.keys(group));
    expect(new Set(names).size, 'a name declared twice in src/endpoints/').toBe(names.length);
    const routes: Record<string, object> = { ...ROUTES, ...ADMIN_ROUTES };
    expect(Object.keys(routes).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    for (const entry of Object.values(ENDPOINTS)) {
      const { method, path: where, auth } = entry;
      const access = 'access' in entry ? { access: entry.access } : {};
      expect(routes[entry.name], entry.name).toEqual({ method, path: where, auth, ...access });
    }
  });
});
