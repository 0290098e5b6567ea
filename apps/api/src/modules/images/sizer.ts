import { fork, type ChildProcess } from 'node:child_process';
import { loadSharp } from './sharp';

/**
 * Sizing pictures: a stored picture (a photo, or a drawing as SVG) made WebP
 * at one of the shop's widths.
 */
export interface PictureSizer {
  size(input: Buffer, width: number): Promise<Buffer>;
  /** Stops what it runs; sizing again starts it afresh. */
  close(): void;
  /** The child sizing now, if any. */
  readonly pid?: number | undefined;
}

/** `input` as WebP at `width` (never wider than it is), here in this process. */
export async function sizePicture(input: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const { format, width: intrinsic } = await sharp(input).metadata();
  // A drawing is rasterised at the target size rather than scaled up from a small bitmap.
  const options = format === 'svg' ? { density: Math.max(1, (72 * width) / (intrinsic ?? width)) } : {};
  return sharp(input, options)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
}

/** In this process: for tests and tools that build the app without a server's entry to fork. */
export const sizeHere: PictureSizer = { size: sizePicture, close: () => {} };

interface Job {
  id: number;
  input: Uint8Array;
  width: number;
}
type Answer = { id: number; bytes: Uint8Array } | { id: number; error: string };

/**
 * Pictures sized in a child process (`entry`, which calls `runSizer`), started
 * with the first picture to size and stopped after `idleMs` with none.
 * libvips, its threads and the memory they leave with the C library's
 * allocator (100 MB and more after a shop's first browse) are the child's,
 * and go back to the system when it stops (docs/benchmarks.md 'Memory on the
 * embedded database'). A child that dies fails the pictures it was sizing; the
 * next one starts another.
 */
export function childSizer(entry: string, opts: { idleMs?: number; execArgv?: string[] } = {}): PictureSizer {
  const idleMs = opts.idleMs ?? 30_000;
  let child: ChildProcess | undefined;
  let nextId = 1;
  let idle: NodeJS.Timeout | undefined;
  const waiting = new Map<number, { resolve(b: Buffer): void; reject(e: Error): void }>();

  const stop = () => {
    clearTimeout(idle);
    const stopping = child;
    child = undefined;
    for (const job of waiting.values()) job.reject(new Error('the picture sizer was closed'));
    waiting.clear();
    stopping?.kill();
  };
  const start = (): ChildProcess => {
    const started = fork(entry, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(opts.execArgv ? { execArgv: opts.execArgv } : {}),
    });
    started.on('message', (answer: Answer) => {
      const job = waiting.get(answer.id);
      if (!job) return;
      waiting.delete(answer.id);
      if ('error' in answer) job.reject(new Error(`sizing a picture failed: ${answer.error}`));
      else job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
      if (waiting.size === 0) idle = setTimeout(stop, idleMs).unref();
    });
    const gone = (why: string) => {
      if (child !== started) return;
      child = undefined;
      for (const job of waiting.values()) job.reject(new Error(`the picture sizer ${why}`));
      waiting.clear();
    };
    started.on('exit', (code, signal) => gone(`stopped (${code ?? signal})`));
    started.on('error', (err) => gone(`failed: ${err.message}`));
    return started;
  };

  return {
    size(input, width) {
      clearTimeout(idle);
      const running = (child ??= start());
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        running.send({ id, input, width } satisfies Job, (err) => {
          if (!err || !waiting.delete(id)) return;
          reject(err);
        });
      });
    },
    close: stop,
    get pid() {
      return child?.pid;
    },
  };
}

/** The sizing child: sizes what its parent sends, and ends with the parent. */
export function runSizer(): void {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: Job) => {
    sizePicture(Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength), job.width).then(
      (bytes) => process.send!({ id: job.id, bytes } satisfies Answer),
      (err: unknown) => process.send!({ id: job.id, error: (err as Error).message } satisfies Answer),
    );
  });
}
