import { describe, expect, it } from 'vitest';
import { MetaTitle, categorySeo, collectionSeo, productSeo, summary } from './seo';

const none = { meta_title: null, meta_description: null };

describe('a page’s title and description for search engines', () => {
  it('are the owner’s when set, else the page’s own words', () => {
    const p = { name: 'Mulmul frock', description: 'Soft   cotton,\nsmocked.' };
    expect(productSeo({ ...p, ...none }, 'Rose')).toEqual({
      title: 'Mulmul frock - Rose',
      description: 'Soft cotton, smocked.',
    });
    expect(productSeo({ ...p, meta_title: 'Frock', meta_description: 'Airy' }, 'Rose')).toEqual({
      title: 'Frock',
      description: 'Airy',
    });
    const g = { name: 'Bibs', description: '' };
    expect(categorySeo({ ...g, ...none }, 'Little Loom').description).toBe(
      'Handcrafted bibs for children from Little Loom.',
    );
    expect(collectionSeo({ ...g, ...none }).description).toBe('The Bibs collection, handcrafted for children.');
  });

  it('cut a long description at a word, near 155 characters', () => {
    const cut = summary('word '.repeat(60));
    expect(cut.length).toBeLessThanOrEqual(156);
    expect(cut).toMatch(/word…$/);
  });

  it('keep an empty field as null (the default) and say what is too long', () => {
    expect(MetaTitle.parse('  ')).toBeNull();
    expect(MetaTitle.parse(' Frock ')).toBe('Frock');
    expect(MetaTitle.parse(undefined)).toBeUndefined();
    expect(MetaTitle.safeParse('x'.repeat(71)).error?.issues[0]?.message).toBe('meta title is at most 70 characters');
  });
});
