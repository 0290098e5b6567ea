import type { ImportPictures } from '@shop/contract';
import type { UnitOfWork } from '../../../context';
import { AppError } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';
import { preparePicture, savePicture, type PreparedPicture } from '../../images/intake';
import { unzipPictures } from './unzip-pictures';

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
 * The files are inflated one at a time and each checked (sharp) as it comes
 * (unzip-pictures.ts: real bytes counted, capped per picture and per zip),
 * all before the transaction, which only writes the checked pictures: all
 * of them or, when the zip is refused, none.
 */
export async function storeZipPictures(work: UnitOfWork, zip: Buffer): Promise<ImportPictures> {
  const refused: ImportPictures['refused'] = [];
  const checked: { name: string; picture: PreparedPicture }[] = [];
  for await (const file of unzipPictures(new Uint8Array(zip.buffer, zip.byteOffset, zip.byteLength), refused)) {
    try {
      checked.push({ name: file.name, picture: await preparePicture(file.bytes, altOf(file.name)) });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      refused.push({ name: file.name, reason: e.message });
    }
  }
  const pictures = await work.transaction(async (w) => {
    for (const { picture } of checked) await savePicture(w.db, picture);
    const saved = checked.map(({ name, picture }) => ({ name, key: picture.key }));
    await audit(w, {
      action: 'catalog.import_pictures',
      entityType: 'product',
      entityId: 'import-pictures',
      after: { bytes: zip.length, pictures: saved.map((p) => p.name), refused: refused.map((r) => r.name) },
    });
    return saved;
  });
  return { pictures, refused };
}
