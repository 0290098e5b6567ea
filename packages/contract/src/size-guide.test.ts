import { describe, expect, it } from 'vitest';
import { SIZE_GUIDES, inches } from './size-guide';

describe('size guides', () => {
  it('give every row a value for every column, growing with the age', () => {
    for (const guide of Object.values(SIZE_GUIDES)) {
      for (const { key } of guide.columns) {
        const values = guide.rows.map((r) => r.cm[key]);
        expect(values.every((v) => typeof v === 'number' && v > 0)).toBe(true);
        expect([...values].sort((a, b) => a! - b!)).toEqual(values);
      }
    }
  });

  it('shows inches to a tenth', () => {
    expect(inches(104)).toBe(40.9);
    expect(inches(2.54)).toBe(1);
  });
});
