// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirect('/orders')).toBe('/orders');
    expect(safeRedirect('/contact-us?order=12')).toBe('/contact-us?order=12');
  });

  it('keeps encoded characters that stay on this site', () => {
    expect(safeRedirect('/search?q=red%20frock')).toBe('/search?q=red%20frock');
    expect(safeRedirect('/categories/baby-girl#top')).toBe('/categories/baby-girl#top');
    expect(safeRedirect('/search?q=%2F%2Fnot-a-host')).toBe('/search?q=%2F%2Fnot-a-host');
  });

  it.each([
    null,
    undefined,
    '',
    'orders',
    'https://evil.example',
    'HTTPS://evil.example/orders',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%E0%A4%A',
    '/\t/evil.example',
    '/\n/evil.example',
    '/orders\u0000',
    '/%09/evil.example',
    'javascript:alert(1)',
    ' /orders',
    'data:text/html,hi',
  ])('sends %j to the fallback', (to) => {
    expect(safeRedirect(to)).toBe('/');
    expect(safeRedirect(to, '/addresses')).toBe('/addresses');
  });
});
