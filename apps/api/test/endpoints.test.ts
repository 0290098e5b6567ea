import { ENDPOINTS, type Endpoint } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../src/app';
import { createTestShop, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

/**
 * The endpoint table (packages/contract/src/endpoints/) and the API's routes
 * cannot drift: every route under /api/v1 comes from the table and every entry
 * is registered, with the session check its `auth` says; the back office's
 * (/api/v1/admin) with the access its entry names, which its guard checks.
 */
let shop: TestShop;
let shopper: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  shopper = await signUp(shop.app, 'endpoints-shopper');
});
afterAll(() => shop.close());

/** Every route the app registered, as "METHOD /path", read from Fastify's own printout of its router. */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of shop.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4 - 1;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

const entries = Object.values(ENDPOINTS) as Endpoint[];
const nameOf = (e: Endpoint) => `${e.method} ${API_PREFIX}${e.path}`;

describe('the endpoint table', () => {
  it('has an entry for every route of the API under /api/v1, and a route for every entry', () => {
    const registered = registeredRoutes().filter((r) => r.includes(` ${API_PREFIX}/`));
    expect(registered.length).toBeGreaterThan(140);
    expect(registered.filter((r) => r.includes(` ${API_PREFIX}/admin/`)).length).toBeGreaterThan(80);
    expect(new Set(registered)).toEqual(new Set(entries.map(nameOf)));
  });

  it('names each entry by its key', () => {
    for (const [name, entry] of Object.entries(ENDPOINTS)) expect(entry.name, name).toBe(name);
  });

  it("answers 401 to an anonymous call of a shopper's entry, and not to a signed-in one", async () => {
    for (const entry of entries.filter((e) => e.auth === 'shopper')) {
      const url = `${API_PREFIX}${entry.path.replace(/:\w+/g, '1')}`;
      const anonymous = await shop.app.inject({ method: entry.method, url });
      expect(anonymous.statusCode, nameOf(entry)).toBe(401);
      // Read-only calls only: signed in, the check lets them through.
      if (entry.method !== 'GET') continue;
      const signedIn = await shop.app.inject({ method: entry.method, url, headers: shopper.auth });
      expect(signedIn.statusCode, nameOf(entry)).not.toBe(401);
    }
  });

  it("registers each staff entry with its access, the one the back office's guard checks", () => {
    const staffEntries = entries.filter((e) => e.auth === 'staff');
    const guarded = new Map(shop.app.adminRoutes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(staffEntries.length).toBe(guarded.size);
    for (const entry of staffEntries) {
      expect(entry.path.startsWith('/admin/'), nameOf(entry)).toBe(true);
      expect(guarded.get(nameOf(entry)), nameOf(entry)).toBe(entry.access);
    }
  });

  it('answers 401 to an anonymous call of a staff entry that is not public', async () => {
    for (const entry of entries.filter((e) => e.auth === 'staff' && e.access !== 'public')) {
      const url = `${API_PREFIX}${entry.path.replace(/:\w+/g, '1')}`;
      const anonymous = await shop.app.inject({ method: entry.method, url });
      expect(anonymous.statusCode, nameOf(entry)).toBe(401);
    }
  });
});

interface OpenApiBody {
  required?: boolean;
  description?: string;
  content: Record<string, { schema: { type?: string; format?: string } }>;
}
type OpenApiPaths = Record<string, Record<string, { requestBody?: OpenApiBody }>>;

describe('the OpenAPI document', () => {
  it('says what the uploads take: the file itself as the body, its content types, binary, and the size limit', async () => {
    const res = await shop.app.inject('/api/docs/json');
    const paths = res.json<{ paths: OpenApiPaths }>().paths;
    const bodyOf = (path: string) => paths[`${API_PREFIX}${path}`]?.post?.requestBody;

    const picture = bodyOf('/admin/pictures');
    expect(picture?.required).toBe(true);
    expect(Object.keys(picture!.content)).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/avif']),
    );
    expect(picture!.description).toMatch(/at most 15728640 bytes \(15 MB\).*413/);

    const zip = bodyOf('/admin/catalog/import/pictures');
    expect(Object.keys(zip!.content)).toContain('application/zip');
    expect(zip!.description).toMatch(/at most 62914560 bytes \(60 MB\).*413/);

    for (const body of [picture!, zip!]) {
      for (const media of Object.values(body.content))
        expect(media.schema).toMatchObject({ type: 'string', format: 'binary' });
    }
    // The catalogue's CSV goes as JSON, as its schema says.
    expect(Object.keys(bodyOf('/admin/catalog/import')!.content)).toEqual(['application/json']);
  });
});
