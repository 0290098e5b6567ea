import { describe, expect, it } from 'vitest';
import { takesFiles } from './form-body';

describe('which form posts may carry pictures', () => {
  it("are the back office's picture pages, however React Router addresses them", () => {
    for (const url of [
      '/admin/products/12/pictures',
      '/admin/categories',
      '/admin/categories/4?index',
      '/admin/collections/7.data',
      '/admin/collections/_.data',
      '/admin/home/',
      '/admin/catalog/import',
    ])
      expect(takesFiles(url), url).toBe(true);
  });

  it('are no other page', () => {
    for (const url of ['/login', '/admin/products/12', '/admin/stock', '/admin/home/x', '/categories', '/contact.data'])
      expect(takesFiles(url), url).toBe(false);
  });
});
