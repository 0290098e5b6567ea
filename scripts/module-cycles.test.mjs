import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWN_CYCLES, cyclesOf, moduleCyclesRule, moduleGraph, staleExceptions } from './module-cycles.mjs';

describe('the API modules import one another in one direction', () => {
  const graph = moduleGraph();

  it('has no cycle but the known ones', () => {
    expect(cyclesOf(graph, KNOWN_CYCLES)).toEqual([]);
  });

  it('lists only known cycles that still happen (delete an entry of KNOWN_CYCLES once it is gone)', () => {
    expect(staleExceptions(graph, KNOWN_CYCLES)).toEqual([]);
  });
});

describe('the ESLint rule', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'module-cycles-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  // payments -> orders alone is one direction; orders/view.js importing payments closes the cycle.
  write('orders/lifecycle.js', "export const fire = () => 'fired';\n");
  write('payments/facts.js', "import { fire } from '../orders/lifecycle.js';\nexport const pay = () => fire();\n");
  write('orders/view.js', "import { pay } from '../payments/facts.js';\nexport const view = () => pay();\n");

  const lint = (file, text, known = {}) =>
    new Linter({ cwd: root }).verify(
      text,
      [
        {
          files: ['**/*.js'],
          plugins: { shop: { rules: { 'module-cycles': moduleCyclesRule({ modulesDir: root, known }) } } },
          rules: { 'shop/module-cycles': 'error' },
        },
      ],
      { filename: path.join(root, file) },
    );
  const view =
    "import { pay } from '../payments/facts.js';\nimport { fire } from './lifecycle.js';\nexport { pay, fire };\n";

  it('refuses, at the import, an import that closes a cycle between two modules', () => {
    const messages = lint('orders/view.js', view);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ ruleId: 'shop/module-cycles', line: 1 });
    expect(messages[0].message).toMatch(
      /^modules\/orders imports modules\/payments, which already reaches modules\/orders \(payments -> orders\)/,
    );
  });

  it('lets a known exception through', () => {
    expect(lint('orders/view.js', view, { orders: ['payments'] })).toEqual([]);
    expect(
      lint('payments/facts.js', "import { fire } from '../orders/lifecycle.js';\nexport { fire };\n", {
        orders: ['payments'],
      }),
    ).toEqual([]);
  });
});
