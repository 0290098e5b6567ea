import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageWidth } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from './images.schema';
import { sizeHere, type PictureSizer } from './sizer';

export const IMAGE_KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*){0,3}$/;

/**
 * Serves every picture at the shop's fixed widths as WebP. A width is rendered
 * once from the stored file (a photo, or a drawing as SVG) and kept on disk;
 * the most recent ones also stay in memory.
 */
export class ImageStore {
  private memory = new Map<string, Buffer>();
  private memoryBytes = 0;
  private rendering = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: Db,
    private readonly cacheDir: string,
    private readonly sizer: PictureSizer = sizeHere,
    private readonly memoryLimitBytes = 64 * 1024 * 1024,
  ) {}

  /** The WebP bytes of `key` at `width`, or null when there is no such image. */
  async get(key: string, width: ImageWidth): Promise<Buffer | null> {
    if (!IMAGE_KEY.test(key)) return null;
    const id = `${width}/${key}`;
    const inMemory = this.memory.get(id);
    if (inMemory) {
      this.memory.delete(id);
      this.memory.set(id, inMemory); // most recently used goes last
      return inMemory;
    }
    let job = this.rendering.get(id);
    if (!job) {
      job = this.load(key, width).finally(() => this.rendering.delete(id));
      this.rendering.set(id, job);
    }
    const bytes = await job;
    if (bytes) this.remember(id, bytes);
    return bytes;
  }

  private async load(key: string, width: ImageWidth): Promise<Buffer | null> {
    const file = path.join(this.cacheDir, String(width), `${key}.webp`);
    const cached = await readFile(file).catch(() => null);
    if (cached) return cached;

    const [row] = await this.db.select({ data: images.data }).from(images).where(eq(images.key, key)).limit(1);
    if (!row?.data) return null;
    const bytes = await this.sizer.size(Buffer.from(row.data, 'base64'), width);

    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    return bytes;
  }

  /** Stops the sizer's child, if it runs one. */
  close(): void {
    this.sizer.close();
  }

  private remember(id: string, bytes: Buffer) {
    if (bytes.length > this.memoryLimitBytes / 8) return;
    this.memory.set(id, bytes);
    this.memoryBytes += bytes.length;
    for (const [oldId, old] of this.memory) {
      if (this.memoryBytes <= this.memoryLimitBytes) break;
      this.memory.delete(oldId);
      this.memoryBytes -= old.length;
    }
  }
}

export const etagOf = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
