import * as contract from '@shop/contract';
import { describe, expect, it } from 'vitest';
import * as lite from './contract-lite';

describe('contract-lite', () => {
  it('exports the same values as @shop/contract', () => {
    for (const [name, value] of Object.entries(lite)) {
      expect(contract, name).toHaveProperty(name);
      expect(value, name).toStrictEqual((contract as Record<string, unknown>)[name]);
    }
  });
});
