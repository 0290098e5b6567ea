import { invalid } from '../../../lib/errors';

/** One file a zip lists: its compressed bytes (a view of the zip, nothing inflated), or why they cannot be read. */
export type ZipEntry = ReadableEntry | { path: string; declaredSize: number; unreadable: string };
export interface ReadableEntry {
  path: string;
  declaredSize: number;
  compression: 0 | 8;
  data: Uint8Array;
}

const CENTRAL_FILE = 0x02014b50;
const LOCAL_FILE = 0x04034b50;
const END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const UNSET = 0xffffffff;

/** The bytes are not a zip, or one whose list of files breaks off. */
export const unreadableZip = () =>
  invalid(['The pictures file is not a zip the shop can read'], 'Choose a .zip file of pictures');

/**
 * The entries of a zip's central directory (the list unzip tools read, with
 * sizes that hold even when the files were written as a stream), one by one;
 * bytes that are no zip throw `unreadableZip`. Nothing is inflated here: each
 * entry is a view of its compressed bytes and the size it declares, which the
 * caller must not believe (unzip-pictures.ts counts what really comes out).
 */
export function* zipEntries(zip: Uint8Array): Generator<ZipEntry> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));

  // The end record: within the last 22 bytes and a comment of up to 64 kB.
  let end = zip.length - 22;
  while (end >= 0 && u32(end) !== END) {
    if (zip.length - end > 22 + 0xffff) throw unreadableZip();
    end -= 1;
  }
  if (end < 0) throw unreadableZip();
  let count = u16(end + 10);
  let at = u32(end + 16);
  if ((count === 0xffff || at === UNSET) && end >= 20 && u32(end - 20) === ZIP64_LOCATOR) {
    const zip64End = u64(end - 12);
    if (zip64End + 56 > zip.length || u32(zip64End) !== ZIP64_END) throw unreadableZip();
    count = u64(zip64End + 32);
    at = u64(zip64End + 48);
  }

  for (let i = 0; i < count; i += 1) {
    if (at + 46 > zip.length || u32(at) !== CENTRAL_FILE) throw unreadableZip();
    const flags = u16(at + 8);
    const compression = u16(at + 10);
    const nameEnd = at + 46 + u16(at + 28);
    const extraEnd = nameEnd + u16(at + 30);
    if (extraEnd > zip.length) throw unreadableZip();
    // Names are UTF-8 when the zip says so, else read byte for byte (as fflate's unzip did).
    const path = Buffer.from(zip.subarray(at + 46, nameEnd)).toString(flags & 0x800 ? 'utf8' : 'latin1');
    // Sizes and offsets past 4 GB (or written as if) are in the zip64 extra field, in this order.
    const wide = zip64Field(view, nameEnd, extraEnd);
    const wider = (value: number) => (value === UNSET ? (wide.shift() ?? UNSET) : value);
    const declaredSize = wider(u32(at + 24));
    const compressed = wider(u32(at + 20));
    const local = wider(u32(at + 42));
    at = extraEnd + u16(at + 32);

    const entry = { path, declaredSize };
    const start =
      local + 30 <= zip.length && u32(local) === LOCAL_FILE ? local + 30 + u16(local + 26) + u16(local + 28) : -1;
    if (flags & 1) yield { ...entry, unreadable: 'The file is encrypted' };
    else if (compression !== 0 && compression !== 8)
      yield { ...entry, unreadable: 'The file is packed in a way the shop cannot unpack' };
    else if (start === -1 || start + compressed > zip.length)
      yield { ...entry, unreadable: 'The file could not be unpacked from the zip' };
    else yield { ...entry, compression, data: zip.subarray(start, start + compressed) };
  }
}

/** The 8-byte values of an entry's zip64 extra field (id 1), in order. */
function zip64Field(view: DataView, from: number, to: number): number[] {
  for (let e = from; e + 4 <= to; e += 4 + view.getUint16(e + 2, true)) {
    if (view.getUint16(e, true) !== 1) continue;
    const values: number[] = [];
    const fieldEnd = Math.min(to, e + 4 + view.getUint16(e + 2, true));
    for (let at = e + 4; at + 8 <= fieldEnd; at += 8) values.push(Number(view.getBigUint64(at, true)));
    return values;
  }
  return [];
}
