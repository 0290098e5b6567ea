import type { ImportPictures } from '@shop/contract';
import { unzipSync } from 'fflate';
import type { UnitOfWork } from '../../../context';
import { AppError, invalid } from '../../../lib/errors';
import { PICTURE_MAX_BYTES, storePicture } from '../../images/intake';

/** At most this many files in one zip. */
const MAX_FILES = 500;

const baseName = (path: string) => path.split('/').pop() ?? path;
const altOf = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();

/**
 * The pictures of a zip for an import (its `pictures` column names them by
 * file name): each file is checked and stored as an upload is
 * (images/intake.ts); one that is not a picture the shop takes is listed with
 * why. Folders inside the zip do not matter, only the file's own name.
 * Sizes are checked before a file is inflated, so a zip bomb inflates nothing.
 */
export async function storeZipPictures(work: UnitOfWork, zip: Buffer): Promise<ImportPictures> {
  const refused: ImportPictures['refused'] = [];
  let files: Record<string, Uint8Array>;
  let count = 0;
  try {
    files = unzipSync(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), {
      filter: (file) => {
        const name = baseName(file.name);
        if (!name || name.startsWith('.') || file.name.startsWith('__MACOSX/')) return false;
        if (++count > MAX_FILES) {
          refused.push({ name, reason: `at most ${MAX_FILES} files per zip` });
          return false;
        }
        if (file.originalSize > PICTURE_MAX_BYTES) {
          refused.push({ name, reason: 'The picture is larger than 15 MB' });
          return false;
        }
        return true;
      },
    });
  } catch {
    throw invalid(['The pictures file is not a zip the shop can read'], 'Choose a .zip file of pictures');
  }
  const seen = new Set<string>();
  return work.transaction(async (w) => {
    const pictures: ImportPictures['pictures'] = [];
    for (const [path, bytes] of Object.entries(files)) {
      const name = baseName(path);
      if (seen.has(name)) {
        refused.push({ name, reason: 'two files of this name in the zip' });
        continue;
      }
      seen.add(name);
      try {
        const { key } = await storePicture(w.db, Buffer.from(bytes), altOf(name));
        pictures.push({ name, key });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        refused.push({ name, reason: e.message });
      }
    }
    return { pictures, refused };
  });
}
