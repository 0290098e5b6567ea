import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contract from './index';
import * as lite from './lite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The contract's modules that `lite` loads, following relative imports (type-only ones too). */
function loaded(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(path.join(here, file), 'utf8');
  for (const [, spec] of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
    loaded(path.join(path.dirname(file), `${spec!}.ts`), seen);
  }
  return seen;
}

describe('@shop/contract/lite', () => {
  it('loads no module that imports zod', () => {
    const files = loaded('lite.ts');
    // The generated route table is among them, and the schema'd entries it is written from are not.
    expect(files).toContain('routes.generated.ts');
    expect([...files].filter((file) => file.startsWith('endpoints'))).toEqual([]);
    for (const file of files) {
      expect(readFileSync(path.join(here, file), 'utf8'), file).not.toMatch(/from 'zod'/);
    }
  });

  it('is part of the whole contract, value for value', () => {
    for (const [name, value] of Object.entries(lite)) {
      expect((contract as Record<string, unknown>)[name], name).toBe(value);
    }
  });
});
