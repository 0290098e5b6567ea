import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, resizeImageUrl } from './images';
import { formatRupees, percentOff, toPaise, toRupees } from './money';

describe('percentOff (docs/product.md#catalogue)', () => {
  it.each([
    [1000, 750, 25],
    [999, 799, 20], // 20.02 rounds down
    [1299, 974, 25], // 25.02
    [3, 2, 33],
    [1000, 1000, 0],
    [1000, 1200, 0],
    [0, 0, 0],
  ])('mrp %d, price %d → %d%%', (mrp, price, expected) => {
    expect(percentOff(mrp, price)).toBe(expected);
  });
});

describe('money', () => {
  it('converts rupees and paise without float drift', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(123456)).toBe(1234.56);
  });

  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(1299.5)).toBe('₹1,299.50');
    expect(formatRupees(0)).toBe('₹0');
  });
});

describe('image URLs', () => {
  it('builds a srcset from any shop image URL', () => {
    const url = imageUrl('p/rose-frock-1');
    expect(url).toBe('/images/640/p/rose-frock-1.webp');
    expect(resizeImageUrl(url, 320)).toBe('/images/320/p/rose-frock-1.webp');
    expect(imageSrcSet(url, [320, 960])).toBe(
      '/images/320/p/rose-frock-1.webp 320w, /images/960/p/rose-frock-1.webp 960w',
    );
    expect(resizeImageUrl('https://elsewhere.example/a.png', 320)).toBe('https://elsewhere.example/a.png');
  });
});
