import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PICTURE_ZIP_MAX_BYTES, type ImportPictures } from '@shop/contract';
import { invalid } from '../../../lib/errors';
import { PICTURE_MAX_BYTES } from '../../images/intake';
import { zipEntries, type ReadableEntry } from './zip-entries';

/** At most this many files in one zip. */
const MAX_FILES = 500;

/**
 * What all the files of one zip may unpack to together: 120 MB, twice the
 * largest zip taken. The pictures the shop takes are compressed already, so a
 * real zip unpacks to about its own size; a zip bomb (a few hundred kB that
 * unpack to gigabytes) is stopped after about a second of inflating.
 */
export const ZIP_UNPACKED_MAX_BYTES = 2 * PICTURE_ZIP_MAX_BYTES;

const PICTURE_TOO_LARGE = 'The picture is larger than 15 MB';
const UNREADABLE_FILE = 'The file could not be unpacked from the zip';

const tooLargeUnpacked = () =>
  invalid(
    [
      `The pictures in this zip unpack to more than ${ZIP_UNPACKED_MAX_BYTES / 1024 / 1024} MB: send them in smaller zips`,
    ],
    'The zip of pictures is too large once unpacked',
  );

export interface UnzippedFile {
  name: string;
  bytes: Buffer;
}

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * One entry's bytes, or 'over' once more than `limit` bytes came out (the
 * size it declares is not believed). Node's inflater counts what comes out
 * as it goes, 16 kB at a time, and stops there. It runs off the event loop,
 * where fflate's (JavaScript) would hold every other request: 12 MB of a
 * bomb took it 300 ms, Node's 10.
 */
async function inflateEntry(entry: ReadableEntry, limit: number): Promise<Buffer | 'over' | 'unreadable'> {
  if (entry.compression === 0) return entry.data.length > limit ? 'over' : Buffer.from(entry.data);
  try {
    return await inflateRaw(entry.data, { maxOutputLength: Math.max(limit, 1) });
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'over' : 'unreadable';
  }
}

const baseName = (path: string) => path.split('/').pop() ?? path;

/**
 * The files of a zip, each whole once inflated, one at a time: the next is
 * inflated only once the caller has taken the last (a generator), so memory
 * holds one picture rather than the zip's worth. Each stops at 15 MB of real
 * bytes, whatever it declares. A file that is not taken is listed in
 * `refused` with why; the whole zip is refused once what it unpacked passes
 * ZIP_UNPACKED_MAX_BYTES. Hidden files, folders and macOS's `__MACOSX/`
 * copies are skipped.
 */
export async function* unzipPictures(
  zip: Uint8Array,
  refused: ImportPictures['refused'],
): AsyncGenerator<UnzippedFile> {
  const seen = new Set<string>();
  let files = 0;
  let unpacked = 0;
  for (const entry of zipEntries(zip)) {
    const name = baseName(entry.path);
    if (!name || name.startsWith('.') || entry.path.startsWith('__MACOSX/')) continue;
    if (++files > MAX_FILES) {
      refused.push({ name, reason: `at most ${MAX_FILES} files per zip` });
      continue;
    }
    // A declared size already too large is believed; a smaller one is checked as the entry inflates.
    if (entry.declaredSize > PICTURE_MAX_BYTES) {
      refused.push({ name, reason: PICTURE_TOO_LARGE });
      continue;
    }
    if (!('data' in entry)) {
      refused.push({ name, reason: entry.unreadable });
      continue;
    }
    if (seen.has(name)) {
      refused.push({ name, reason: 'two files of this name in the zip' });
      continue;
    }
    seen.add(name);
    const room = ZIP_UNPACKED_MAX_BYTES - unpacked;
    const limit = Math.min(PICTURE_MAX_BYTES, room);
    const inflated = await inflateEntry(entry, limit);
    if (inflated === 'over' && limit === room) throw tooLargeUnpacked();
    if (inflated === 'over') {
      unpacked += limit;
      refused.push({ name, reason: PICTURE_TOO_LARGE });
    } else if (inflated === 'unreadable') {
      refused.push({ name, reason: UNREADABLE_FILE });
    } else {
      unpacked += inflated.length;
      yield { name, bytes: inflated };
    }
  }
}
