import zlib from 'node:zlib';
import { ImportPictures } from '@shop/contract';
import { count } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/modules/images/images.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { peakGrowth } from './peak-memory';
import { signUpStaff, type StaffMember } from './staff';

/**
 * The pictures zip of the catalogue import against zip bombs: entries are
 * inflated one at a time counting the bytes that come out, whatever sizes
 * they declare; 15 MB per picture, 120 MB per zip.
 */
let shop: TestShop;
let admin: StaffMember;
let png: Buffer;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signUpStaff(shop.app, 'admin');
  png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#3060c0' } })
    .png()
    .toBuffer();
});
afterAll(() => shop?.close());

const MB = 1024 * 1024;

const sendZip = (zip: Uint8Array) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalog/import/pictures',
    headers: { ...admin.admin, 'content-type': 'application/zip' },
    payload: Buffer.from(zip),
  });

interface Entry {
  name: string;
  deflated: Buffer;
  /** The size the entry claims to unpack to. */
  declared: number;
}

/**
 * A zip of entries deflated beforehand (one deflated buffer may serve many
 * entries, so a bomb costs the test nothing), each declaring what it is told
 * to. CRCs are left 0: they are not checked (they were not before either).
 */
function zipOf(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, deflated, declared } of entries) {
    const path = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(path.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(path.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, path, deflated);
    directory.push(central, path);
    offset += 30 + path.length + deflated.length;
  }
  const list = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(list.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, list, end]);
}

const storedPictures = async () => (await shop.app.ctx.db.select({ n: count() }).from(images))[0]!.n;

/** Sends the zip while the shop's memory and the time are watched. */
async function watched(zip: Uint8Array) {
  const started = performance.now();
  const { result, growth } = await peakGrowth(() => sendZip(zip));
  return { res: result, growth, ms: performance.now() - started };
}

describe('a zip of pictures', () => {
  it('refuses by name a picture that unpacks past 15 MB, whatever it declares, and stops inflating it', async () => {
    const bomb = zlib.deflateRawSync(Buffer.alloc(200 * MB), { level: 9 }); // some 200 kB
    const zip = zipOf([
      { name: 'big.png', deflated: bomb, declared: 1000 },
      { name: 'shots/blue.png', deflated: zlib.deflateRawSync(png), declared: png.length },
    ]);
    expect(zip.length).toBeLessThan(1 * MB);
    const { res, growth, ms } = await watched(zip);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ImportPictures.parse(res.json());
    expect(answer.refused).toEqual([{ name: 'big.png', reason: 'The picture is larger than 15 MB' }]);
    expect(answer.pictures.map((p) => p.name)).toEqual(['blue.png']);
    expect(growth).toBeLessThan(80 * MB);
    expect(ms).toBeLessThan(5_000);
  });

  it('is refused whole, storing none of its pictures, once it unpacks past 120 MB', async () => {
    const twelveMb = zlib.deflateRawSync(Buffer.alloc(12 * MB), { level: 9 });
    const before = await storedPictures();
    // 16 pictures of 12 MB (each under the 15 MB of one), whether they say so or claim 1 kB.
    for (const declared of [12 * MB, 1000]) {
      const zip = zipOf([
        { name: 'first.png', deflated: zlib.deflateRawSync(png), declared: png.length },
        ...Array.from({ length: 16 }, (_, i) => ({ name: `frock-${i}.png`, deflated: twelveMb, declared })),
      ]);
      expect(zip.length).toBeLessThan(1 * MB);
      const { res, growth, ms } = await watched(zip);
      const error = expectError(res, 400);
      expect(error.errors).toEqual(['The pictures in this zip unpack to more than 120 MB: send them in smaller zips']);
      expect(growth).toBeLessThan(80 * MB);
      expect(ms).toBeLessThan(10_000);
    }
    expect(await storedPictures()).toBe(before);
  });

  it('still gives its pictures: stored or deflated, in folders, skipping hidden files', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c03060' } })
      .jpeg()
      .toBuffer();
    const zip = zipSync({
      'shots/stored.png': [png, { level: 0 }],
      'shots/deflated.jpg': jpeg,
      '__MACOSX/shots/._deflated.jpg': new Uint8Array(10),
      '.DS_Store': new Uint8Array(10),
    });
    const res = await sendZip(zip);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ImportPictures.parse(res.json());
    expect(answer.pictures.map((p) => p.name)).toEqual(['stored.png', 'deflated.jpg']);
    expect(answer.refused).toEqual([]);
    expectError(await sendZip(zip.subarray(0, zip.length - 30)), 400);
  });

  it('refuses by name an entry that does not unpack, and takes the others', async () => {
    const zip = Buffer.from(zipSync({ 'broken.png': png, 'good.png': png }));
    // Spoil the deflated bytes of broken.png (they follow its name in its local header).
    const broken = zip.indexOf('broken.png') + 'broken.png'.length;
    zip.fill(0xff, broken, broken + 40);
    const answer = ImportPictures.parse((await sendZip(zip)).json());
    expect(answer.pictures.map((p) => p.name)).toEqual(['good.png']);
    expect(answer.refused).toEqual([{ name: 'broken.png', reason: 'The file could not be unpacked from the zip' }]);
  });
});
