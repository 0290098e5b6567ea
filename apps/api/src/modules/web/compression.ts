import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);

/** Brotli at a quality (5: quick; 9: small, for what is kept; 11: the best, for the build's assets). */
export const brotliAt = (quality: number, bytes: Buffer) =>
  brotli(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });

export const gzip = promisify(zlib.gzip);

/** A page made for one request, compressed on the spot (page-serving.ts sendRenderedPage). */
export const quickBrotli = (bytes: Buffer) =>
  zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });

export const quickGzip = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 4 });
