import type { GroupKind } from '@shop/contract';

/** Which of the two a page serves: /admin/categories… or /admin/collections…. */
export const kindOf = (request: Request): GroupKind =>
  new URL(request.url).pathname.startsWith('/admin/collections') ? 'collections' : 'categories';

export const NOUN = { categories: 'category', collections: 'collection' } as const;
