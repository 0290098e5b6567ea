import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliAt, gzip } from './compression';

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.webp': 'image/webp',
  '.png': 'image/png',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.map', '.json', '.svg']);

interface Asset {
  bytes: Buffer;
  type: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The build's hashed assets (scripts, styles, fonts) never change, so each is
 * read and compressed once and then sent from memory: quickly compressed for
 * its first request, then again at brotli's best in the background, which makes
 * the scripts about a seventh smaller than compressing each response would.
 */
export class BuildAssets {
  private assets = new Map<string, Promise<Asset | null>>();

  constructor(private readonly dir: string) {}

  get(name: string): Promise<Asset | null> {
    if (!/^[\w.-]+$/.test(name)) return Promise.resolve(null);
    let asset = this.assets.get(name);
    if (!asset) {
      asset = this.load(name);
      this.assets.set(name, asset);
    }
    return asset;
  }

  private async load(name: string): Promise<Asset | null> {
    const bytes = await readFile(path.join(this.dir, name)).catch(() => null);
    if (!bytes) {
      this.assets.delete(name); // only files of the build are kept
      return null;
    }
    const ext = path.extname(name);
    const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 20)}"`;
    const asset: Asset = { bytes, type: ASSET_TYPES[ext] ?? 'application/octet-stream', etag };
    if (COMPRESSIBLE.has(ext) && bytes.length >= 1024) {
      [asset.br, asset.gzip] = await Promise.all([brotliAt(5, bytes), gzip(bytes, { level: 9 })]);
      brotliAt(11, bytes).then(
        (best) => (asset.br = best),
        () => {},
      );
    }
    return asset;
  }
}
