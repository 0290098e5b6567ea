import { describe, expect, it } from 'vitest';
import { ageGroupOf, feedPrice, plainText } from './feed-items';
import { escapeXml } from './google-merchant';

describe('what the feeds say of a variant', () => {
  it('reads the age group from the size, by the youngest age it fits', () => {
    const sizes = ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M', '2-3Y', '4-5Y', '5-6Y', '10-11Y', 'Free Size', 'M'];
    expect(sizes.map(ageGroupOf)).toEqual([
      'newborn',
      'infant',
      'infant',
      'toddler',
      'toddler',
      'toddler',
      'toddler',
      'kids',
      'kids',
      'kids',
      'kids',
    ]);
  });

  it('writes paise as rupees with two decimals and the currency', () => {
    expect([feedPrice(129950), feedPrice(5), feedPrice(100000)]).toEqual(['1299.50 INR', '0.05 INR', '1000.00 INR']);
  });

  it('makes a description plain text on one line, keeping a < that starts no tag', () => {
    expect(plainText('<p>Soft</p><p>cotton, <i>hand</i>-made</p>\n\n for 2 < 3 years ')).toBe(
      'Soft cotton, hand-made for 2 < 3 years',
    );
  });

  it('escapes XML and drops what XML 1.0 cannot hold, keeping whole emoji', () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    expect(escapeXml('x\u0001y\u001Fz\t🌸\uD83C\uFFFE')).toBe('xyz\t🌸');
  });
});
