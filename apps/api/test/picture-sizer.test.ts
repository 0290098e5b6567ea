import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { childSizer, sizePicture, type PictureSizer } from '../src/modules/images/sizer';

const entry = fileURLToPath(new URL('../src/picture-sizer.ts', import.meta.url));
const drawing = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#2a8c8c"/>' +
    '<circle cx="200" cy="150" r="90" fill="#f2c14e"/></svg>',
);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const widthOf = (webp: Buffer) => webp.readUInt16LE(26) & 0x3fff; // VP8 frame header: 14-bit width

let sizer: PictureSizer | undefined;
afterEach(() => sizer?.close());

describe('pictures sized in a child process', () => {
  it('sizes as this process would, in a child that stops when idle and starts again when asked', async () => {
    sizer = childSizer(entry, { idleMs: 300, execArgv: ['--import', 'tsx'] });
    expect(sizer.pid).toBeUndefined();
    const [small, large] = await Promise.all([sizer.size(drawing, 160), sizer.size(drawing, 320)]);
    const child = sizer.pid!;
    expect(child).toBeGreaterThan(0);
    expect(child).not.toBe(process.pid);
    expect(small.subarray(0, 4).toString()).toBe('RIFF');
    expect(small.subarray(8, 12).toString()).toBe('WEBP');
    expect(widthOf(small)).toBe(160);
    expect(widthOf(large)).toBe(320);
    expect(small.equals(await sizePicture(drawing, 160))).toBe(true);

    // Idle: the child is gone, and with it libvips's memory.
    await expect.poll(() => alive(child), { timeout: 10_000 }).toBe(false);
    expect(sizer.pid).toBeUndefined();
    expect(widthOf(await sizer.size(drawing, 160))).toBe(160);
    expect(sizer.pid).not.toBe(child);
  }, 60_000);

  it('fails a picture it cannot read, and goes on sizing the next', async () => {
    sizer = childSizer(entry, { execArgv: ['--import', 'tsx'] });
    await expect(sizer.size(Buffer.from('not a picture'), 160)).rejects.toThrow(/^sizing a picture failed: /);
    expect(widthOf(await sizer.size(drawing, 160))).toBe(160);
  }, 60_000);

  it('fails what a dead child was sizing, and starts another for the next picture', async () => {
    sizer = childSizer(entry, { execArgv: ['--import', 'tsx'] });
    await sizer.size(drawing, 160);
    const first = sizer.pid!;
    const sizing = sizer.size(drawing, 1920);
    process.kill(first, 'SIGKILL');
    await expect(sizing).rejects.toThrow(/the picture sizer stopped/);
    expect(widthOf(await sizer.size(drawing, 160))).toBe(160);
    expect(sizer.pid).not.toBe(first);
  }, 60_000);
});
