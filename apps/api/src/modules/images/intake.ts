import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import type { DbOrTx } from '../../db/client';
import { images } from './images.schema';
import { loadSharp } from './sharp';
import { AppError } from '../../lib/errors';

/** The largest picture the back office takes (docs/product.md 'Back office': 15 MB, 40 megapixels). */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;
export const PICTURE_MAX_PIXELS = 40_000_000;

/** What sharp may read, by the file's content (never its name): format → the MIME type stored. */
const ACCEPTED: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heif: 'image/heif', // HEIC and AVIF both report 'heif'
};

export const PICTURE_REFUSED = 'Choose a JPEG, PNG, WebP, HEIC or AVIF picture';

export interface Picture {
  key: string;
  width: number;
  height: number;
  alt: string;
}

function refuse(message: string): never {
  throw new AppError('invalid', message);
}

/**
 * Checks an uploaded picture and keeps it as the shop stores photos: the
 * orientation applied, EXIF and other metadata gone, as a JPEG or PNG (a
 * picture with transparency keeps it). The key is the hash of what is stored,
 * so an upload never changes the bytes behind a key another process has
 * already rendered, and the same picture uploaded twice is kept once.
 */
export async function normalizePicture(
  bytes: Buffer,
): Promise<{ data: Buffer; mime: string; width: number; height: number }> {
  if (bytes.length === 0) refuse('The picture is empty');
  if (bytes.length > PICTURE_MAX_BYTES) refuse('The picture is larger than 15 MB');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    refuse(PICTURE_REFUSED);
  }
  if (!meta.format || !ACCEPTED[meta.format]) refuse(PICTURE_REFUSED);
  if (!meta.width || !meta.height) refuse(PICTURE_REFUSED);
  if (meta.width * meta.height > PICTURE_MAX_PIXELS) refuse('The picture is larger than 40 megapixels');

  const alpha = meta.hasAlpha === true;
  try {
    // rotate() with no angle applies the EXIF orientation; sharp drops metadata unless asked to keep it.
    const pipeline = sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS }).rotate();
    const { data, info } = await (alpha ? pipeline.png() : pipeline.jpeg({ quality: 90, mozjpeg: true })).toBuffer({
      resolveWithObject: true,
    });
    return { data, mime: alpha ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    refuse(PICTURE_REFUSED);
  }
}

/** A picture checked and made ready to store: the row `savePicture` writes. */
export interface PreparedPicture extends Picture {
  data: Buffer;
  mime: string;
}

/** Checks an uploaded picture and gives it its key (the slow part: sharp; no database). */
export async function preparePicture(bytes: Buffer, alt = ''): Promise<PreparedPicture> {
  const picture = await normalizePicture(bytes);
  const key = `upload/${createHash('sha256').update(picture.data).digest('hex').slice(0, 32)}`;
  return { ...picture, key, alt: alt.trim().slice(0, 300) };
}

/** Stores a prepared picture in the database (so every process serves it). */
export async function savePicture(tx: DbOrTx, picture: PreparedPicture): Promise<Picture> {
  const { key, data, mime, width, height, alt } = picture;
  await tx
    .insert(images)
    .values({ key, data: data.toString('base64'), mime, width, height, alt })
    .onConflictDoUpdate({ target: images.key, set: { alt } });
  return { key, width, height, alt };
}

/** Checks and stores an uploaded picture in the database (so every process serves it); answers its key. */
export async function storePicture(tx: DbOrTx, bytes: Buffer, alt = ''): Promise<Picture> {
  return savePicture(tx, await preparePicture(bytes, alt));
}
