// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirect('/orders')).toBe('/orders');
    expect(safeRedirect('/contact-us?order=12')).toBe('/contact-us?order=12');
  });

  it('sends everything else home', () => {
    for (const to of [
      null,
      undefined,
      '',
      'orders',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(to)).toBe('/');
    }
  });
});
