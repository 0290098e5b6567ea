import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normalizePicture, PICTURE_REFUSED } from './intake';

const photo = (width: number, height: number, options: { orientation?: number; alpha?: boolean } = {}) => {
  const channels = options.alpha ? 4 : 3;
  const image = sharp({ create: { width, height, channels, background: { r: 200, g: 80, b: 40, alpha: 0.5 } } });
  return (options.alpha ? image.png() : image.jpeg())
    .withMetadata(options.orientation ? { orientation: options.orientation } : {})
    .toBuffer();
};

describe('normalizePicture', () => {
  it('applies the orientation and drops the metadata', async () => {
    const out = await normalizePicture(await photo(40, 20, { orientation: 6 }));
    expect([out.width, out.height]).toEqual([20, 40]);
    const meta = await sharp(out.data).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(out.mime).toBe('image/jpeg');
  });

  it('keeps transparency as PNG', async () => {
    const out = await normalizePicture(await photo(10, 10, { alpha: true }));
    expect(out.mime).toBe('image/png');
  });

  it('refuses by content, not by name', async () => {
    await expect(normalizePicture(Buffer.from('GIF89a not really'))).rejects.toThrow(PICTURE_REFUSED);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(normalizePicture(gif)).rejects.toThrow(PICTURE_REFUSED);
    await expect(normalizePicture(Buffer.alloc(0))).rejects.toThrow('The picture is empty');
  });

  it('refuses more than 40 megapixels and more than 15 MB', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .jpeg({ quality: 1 })
      .toBuffer();
    await expect(normalizePicture(huge)).rejects.toThrow('The picture is larger than 40 megapixels');
    await expect(normalizePicture(Buffer.alloc(15 * 1024 * 1024 + 1))).rejects.toThrow('larger than 15 MB');
  });
});
